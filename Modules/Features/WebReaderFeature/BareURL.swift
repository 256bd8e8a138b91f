/// A bare `http://` or `https://` URL in a note's text, found where GitHub's Markdown finds one
/// (its extended autolinks), so that the web reader makes it a link, as Obsidian and GitHub do.
///
/// Exists because Ink links only the `<https://…>` form, while notes pasted from anywhere hold
/// URLs as they are. A URL starts a word (a line's start, white space, `*`, `_`, `~`, or a `(`
/// that opens no link's destination), outside code, a link's text, destination and title, a link
/// reference definition and an indented line (which may be code); it runs to white space or `<`,
/// without the punctuation that ends a sentence (`.`, `,`, `:`, `;`, `!`, `?`, `*`, `_`, `~`, quotes)
/// or a `)` it did not open.
enum BareURL {
    /// Whether the text may hold one at all: most notes are given to Ink as they are.
    static func mayHoldOne(_ blanked: [UInt8]) -> Bool {
        guard blanked.count >= 3 else { return false }
        for index in 0..<(blanked.count - 2) where blanked[index] == colon && blanked[index + 1] == slash && blanked[index + 2] == slash {
            return true
        }
        return false
    }

    /// What the bytes of one line read so far say about linking a URL at the next one.
    struct Line {
        /// Whether a URL starting at the byte last given to `read` is linked.
        private(set) var mayLink = false
        private var linkable = false
        private var brackets = 0
        private var destination = 0

        init() {}

        /// The line starting at `start`: an indented line (four spaces or a tab: code, or a
        /// paragraph in a list that is left alone) or a link reference definition (`[id]: URL`)
        /// links nothing.
        init(_ blanked: [UInt8], from start: Int) {
            var index = start
            while index < blanked.count, index - start < 4, blanked[index] == space { index += 1 }
            if index < blanked.count, index - start == 4 || blanked[index] == tab { return }
            if index < blanked.count, blanked[index] == openBracket,
               let close = blanked[index...].firstIndex(where: { $0 == closeBracket || $0 == newline }),
               blanked[close] == closeBracket, close + 1 < blanked.count, blanked[close + 1] == colon { return }
            linkable = true
        }

        /// Reads the byte at a position (`previous` is the one before it), first saying whether a
        /// URL may start there.
        mutating func read(_ byte: UInt8, after previous: UInt8?) {
            let startsAWord = previous.map { [space, tab, newline, carriageReturn, star, underscore, tilde, openParenthesis].contains($0) } ?? true
            mayLink = linkable && brackets == 0 && destination == 0 && byte == h && startsAWord
            switch byte {
            case openBracket: brackets += 1
            case closeBracket: brackets = max(0, brackets - 1)
            case openParenthesis where destination > 0: destination += 1
            case openParenthesis where previous == closeBracket: destination = 1
            case closeParenthesis where destination > 0: destination -= 1
            default: break
            }
        }
    }

    /// The index after the URL starting at `start`, or nil when none starts there. `blanked` is
    /// the text with its code blanked out: a URL ends where code begins.
    static func end(_ bytes: [UInt8], _ blanked: [UInt8], from start: Int) -> Int? {
        guard let scheme = schemes.first(where: { bytes[start...].starts(with: $0) }) else { return nil }
        let hostStart = start + scheme.count
        var index = hostStart
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                if byte <= 0x20 || byte == 0x7f || byte == less || blanked[index] != byte { break }
                index += 1
            } else {
                let scalar = String(decoding: bytes[index..<min(index + 4, bytes.count)], as: UTF8.self).unicodeScalars.first!
                if scalar.properties.isWhitespace || blanked[index] != byte { break }
                index += UTF8.width(scalar)
            }
        }
        var end = index
        while end > hostStart {
            let last = bytes[end - 1]
            if trailingPunctuation.contains(last) {
                end -= 1
            } else if last == closeParenthesis,
                      bytes[start..<end].count(where: { $0 == closeParenthesis }) > bytes[start..<end].count(where: { $0 == openParenthesis }) {
                end -= 1
            } else {
                break
            }
        }
        guard end > hostStart, isLetterOrDigit(bytes[hostStart]) else { return nil }
        return end
    }

    private static let schemes = [Array("https://".utf8), Array("http://".utf8)]
    private static let trailingPunctuation = Set(".,:;!?*_~'\"".utf8)

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (0x30...0x39).contains(byte) || (0x41...0x5a).contains(byte) || (0x61...0x7a).contains(byte) || byte >= 0x80
    }

    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r"), star = UInt8(ascii: "*"), underscore = UInt8(ascii: "_")
    private static let tilde = UInt8(ascii: "~"), colon = UInt8(ascii: ":"), slash = UInt8(ascii: "/"), less = UInt8(ascii: "<")
    private static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
    private static let openParenthesis = UInt8(ascii: "("), closeParenthesis = UInt8(ascii: ")"), h = UInt8(ascii: "h")
}
