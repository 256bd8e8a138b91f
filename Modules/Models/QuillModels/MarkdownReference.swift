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
        while index < bytes.count {
            let byte = bytes[index]
            if byte == newline {
                line += 1
                index += 1
                continue
            }
            guard byte == open else {
                index += 1
                continue
            }
            let embedded = index > 0 && bytes[index - 1] == UInt8(ascii: "!")
            let start = embedded ? index - 1 : index
            if index + 1 < bytes.count, bytes[index + 1] == open, let close = find([close, close], in: bytes, from: index + 2) {
                found.append(MarkdownReference(kind: .wikilink(String(decoding: original[(index + 2)..<close], as: UTF8.self)),
                                               isEmbedded: embedded, utf8Range: start..<(close + 2), line: line))
                index = close + 2
                continue
            }
            if let labelEnd = find([close, UInt8(ascii: "(")], in: bytes, from: index + 1),
               let destinationEnd = bytes[(labelEnd + 2)...].firstIndex(where: { $0 == UInt8(ascii: ")") || $0 == newline }),
               bytes[destinationEnd] == UInt8(ascii: ")") {
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

    /// The first index of `pattern` at or after `start`, on the same line.
    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == newline { return nil }
            if bytes[index..<(index + pattern.count)].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }
}
