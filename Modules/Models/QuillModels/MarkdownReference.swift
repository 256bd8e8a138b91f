/// A reference written in Markdown outside code: a wikilink `[[inner]]` or a link
/// `[label](destination)`, either of them embedded with a leading `!`.
///
/// Exists so that one scanner decides what a reference is and where it sits: the note links
/// (`NoteLink`) and an import's files (the vault's embeds) read the same references, so they
/// never disagree about what is code or where a reference ends.
public struct MarkdownReference: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        /// `[[inner]]`: the text between the brackets, as written.
        case wikilink(String)
        /// `[label](destination)`; the destination without its `<…>`, as written (not decoded).
        case link(label: String, destination: String)
    }

    public let kind: Kind
    /// Written with `!`.
    public let isEmbedded: Bool
    /// Where the reference is in the text, in UTF-8 bytes, the `!` included.
    public let utf8Range: Range<Int>
    /// The line it starts on, from 1.
    public let line: Int

    /// Every reference in `text`, in order. Each sits on one line; a wikilink is read before a
    /// link, so `[[a]](b)` is a wikilink.
    public static func scan(_ text: String) -> [MarkdownReference] {
        // Every reference starts with `[`: most notes have none, and then nothing needs blanking
        // or copying (an import and the first search scan every note).
        var text = text
        guard text.withUTF8({ $0.contains(open) }) else { return [] }
        let bytes = MarkdownCode.blanked(text)
        let original = Array(text.utf8)
        var found: [MarkdownReference] = []
        var index = 0
        var line = 1
        var ahead: LineAhead?
        while index < bytes.count {
            let byte = bytes[index]
            if byte == newline {
                line += 1
                index += 1
                ahead = nil
                continue
            }
            guard byte == open else {
                index += 1
                continue
            }
            if ahead == nil { ahead = LineAhead(bytes, around: index) }
            let embedded = index > 0 && bytes[index - 1] == UInt8(ascii: "!")
            let start = embedded ? index - 1 : index
            if index + 1 < bytes.count, bytes[index + 1] == open, let close = ahead?.wikilinkEnd(from: index + 2) {
                found.append(MarkdownReference(kind: .wikilink(String(decoding: original[(index + 2)..<close], as: UTF8.self)),
                                               isEmbedded: embedded, utf8Range: start..<(close + 2), line: line))
                index = close + 2
                continue
            }
            if let labelEnd = ahead?.labelEnd(from: index + 1), let destinationEnd = ahead?.destinationEnd(from: labelEnd + 2) {
                var destination = String(decoding: original[(labelEnd + 2)..<destinationEnd], as: UTF8.self)
                if destination.hasPrefix("<"), destination.hasSuffix(">") { destination = String(destination.dropFirst().dropLast()) }
                let label = String(decoding: original[(index + 1)..<labelEnd], as: UTF8.self)
                found.append(MarkdownReference(kind: .link(label: label, destination: destination),
                                               isEmbedded: embedded, utf8Range: start..<(destinationEnd + 1), line: line))
                index = destinationEnd + 1
                continue
            }
            index += 1
        }
        return found
    }

    private static let newline = UInt8(ascii: "\n"), open = UInt8(ascii: "["), close = UInt8(ascii: "]")

    /// Where on one line the next `]]`, `](` and `)` are from each place: read once, backwards,
    /// so that a line of many brackets (a paragraph of citations, `[1] [2] …`) is scanned in
    /// time in proportion to its length, not its length times its brackets.
    private struct LineAhead {
        private let start: Int
        private var nextWikilinkClose: [Int32], nextLabelClose: [Int32], nextParenthesis: [Int32]

        init(_ bytes: [UInt8], around index: Int) {
            var start = index
            while start > 0, bytes[start - 1] != newline { start -= 1 }
            let end = bytes[index...].firstIndex(of: newline) ?? bytes.count
            self.start = start
            let count = end - start + 1
            nextWikilinkClose = Array(repeating: -1, count: count)
            nextLabelClose = Array(repeating: -1, count: count)
            nextParenthesis = Array(repeating: -1, count: count)
            for position in stride(from: end - 1, through: start, by: -1) {
                let offset = position - start
                let pair = position + 1 < end ? bytes[position + 1] : 0
                nextWikilinkClose[offset] = bytes[position] == close && pair == close ? Int32(position) : nextWikilinkClose[offset + 1]
                nextLabelClose[offset] = bytes[position] == close && pair == UInt8(ascii: "(") ? Int32(position) : nextLabelClose[offset + 1]
                nextParenthesis[offset] = bytes[position] == UInt8(ascii: ")") ? Int32(position) : nextParenthesis[offset + 1]
            }
        }

        /// The first `]]` at or after `position` on the line.
        func wikilinkEnd(from position: Int) -> Int? { next(nextWikilinkClose, from: position) }
        /// The first `](` at or after `position` on the line.
        func labelEnd(from position: Int) -> Int? { next(nextLabelClose, from: position) }
        /// The first `)` at or after `position` on the line.
        func destinationEnd(from position: Int) -> Int? { next(nextParenthesis, from: position) }

        private func next(_ table: [Int32], from position: Int) -> Int? {
            let offset = position - start
            guard offset >= 0, offset < table.count, table[offset] >= 0 else { return nil }
            return Int(table[offset])
        }
    }
}
