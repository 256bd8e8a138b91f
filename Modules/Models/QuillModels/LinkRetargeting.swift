/// Rewrites the links of a text that name one target so that they name another: what a rename
/// with `--rewrite-links` does to the notes that link to the renamed note.
///
/// Only the note part of each link changes: `[[Old#Heading|shown]]` becomes
/// `[[New#Heading|shown]]`, `[text](Old.md#x)` becomes `[text](New.md#x)`; a link by ID
/// (`quill:ID`) names no title and stays.
public enum LinkRetargeting {
    /// Characters a wikilink's note part cannot hold: a title with one of them cannot be written
    /// into `[[…]]`.
    public static let unwritable: Set<Character> = ["[", "]", "|", "#", "^"]

    public static func canWrite(_ title: String) -> Bool {
        !title.contains(where: unwritable.contains) && !title.contains(where: \.isNewline)
    }

    /// `text` with every link whose folded target is `target` naming `title` instead, and how
    /// many links changed.
    public static func retargeted(_ text: String, from target: String, to title: String) -> (text: String, count: Int) {
        let bytes = Array(text.utf8)
        var replacements: [(Range<Int>, String)] = []
        let references = MarkdownReference.scan(text)
        let links = NoteLink.scanLocated(text)
        for located in links where located.link.foldedTarget == target && located.link.form != .quillURL {
            guard let reference = references.first(where: { $0.utf8Range == located.utf8Range }),
                  let part = notePart(of: reference, in: bytes) else { continue }
            let replacement: String
            switch reference.kind {
            case .wikilink: replacement = title
            case .link: replacement = AttachmentName.percentEncoded(title + ".md")
            }
            replacements.append((part, replacement))
        }
        return (UTF8Replacements.applying(replacements, to: text), replacements.count)
    }

    /// The bytes of a reference that name the note: a wikilink's text before `|`, `\|`, `#` or
    /// `^`; a link's destination before `#`.
    private static func notePart(of reference: MarkdownReference, in bytes: [UInt8]) -> Range<Int>? {
        let range = reference.utf8Range
        switch reference.kind {
        case .wikilink:
            let start = range.lowerBound + (reference.isEmbedded ? 3 : 2)
            let end = range.upperBound - 2
            let stop = (start..<end).first { index in
                let byte = bytes[index]
                return byte == UInt8(ascii: "|") || byte == UInt8(ascii: "#") || byte == UInt8(ascii: "^")
                    || (byte == UInt8(ascii: "\\") && index + 1 < end && bytes[index + 1] == UInt8(ascii: "|"))
            } ?? end
            return start..<stop
        case .link:
            guard let open = (range.lowerBound..<(range.upperBound - 1)).first(where: {
                bytes[$0] == UInt8(ascii: "]") && bytes[$0 + 1] == UInt8(ascii: "(")
            }) else { return nil }
            var start = open + 2
            if bytes[start] == UInt8(ascii: "<") { start += 1 }
            let end = range.upperBound - 1
            let stop = (start..<end).first { bytes[$0] == UInt8(ascii: "#") || bytes[$0] == UInt8(ascii: ">") } ?? end
            return start..<stop
        }
    }
}
