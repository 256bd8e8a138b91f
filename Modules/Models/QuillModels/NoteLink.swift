import Foundation

/// A note's link to another note, as written in its text: `[[Target]]`, `[[Target|shown]]`,
/// `[[Target#Heading]]`, `[[Target^block]]`, `![[Target]]`, `[text](Other%20note.md)` or
/// `[text](quill:ID)`.
///
/// Exists so that every layer (the CLI's index, the server's, the web reader) reads the same
/// links out of the same text: what links is the note part (`target`), compared by
/// `LinkName.folded`; links inside code are not links (`MarkdownReference`).
public struct NoteLink: Hashable, Sendable {
    public enum Form: Int, Hashable, Sendable, CaseIterable {
        case wikilink = 0, embed = 1, markdown = 2, quillURL = 3

        /// The name the JSON outputs and the API use.
        public var name: String {
            switch self {
            case .wikilink: "wikilink"
            case .embed: "embed"
            case .markdown: "markdown"
            case .quillURL: "quill-url"
            }
        }
    }

    /// The note it names, as written (a title, an alias, a file name or an ID), without a path,
    /// a `.md` extension or a fragment.
    public let target: String
    /// The heading (`#…`) or block (`^…`) part, with its mark; `nil` without one.
    public let fragment: String?
    /// The text shown instead of the target (`[[Target|shown]]`, a Markdown link's label).
    public let label: String?
    public let form: Form
    /// The line it is on, from 1.
    public let line: Int
    /// That line's text, trimmed, at most `contextLimit` characters: what a backlink shows.
    public let context: String
    /// The target as names are compared (`LinkName.folded`). Folded once, where the link is read:
    /// an index that writes the link then only copies it (folding a name that is not ASCII goes
    /// through Foundation's normalization, slow enough to show in a 100,000-note build).
    public let foldedTarget: String

    public init(target: String, fragment: String?, label: String?, form: Form, line: Int, context: String) {
        self.target = target
        self.fragment = fragment
        self.label = label
        self.form = form
        self.line = line
        self.context = context
        foldedTarget = LinkName.folded(target)
    }

    public static let contextLimit = 200

    /// Every link to a note in `text`, in order.
    public static func scan(_ text: String) -> [NoteLink] {
        scanLocated(text).map(\.link)
    }

    /// Every link to a note in `text`, in order, with where it is: for marking links in the text.
    public static func scanLocated(_ text: String) -> [Located] {
        // Most notes link nothing: no bracket, no reference, and no copy of the text.
        let bracket = UInt8(ascii: "[")
        let mayLink = text.utf8.withContiguousStorageIfAvailable { bytes in
            guard let start = bytes.baseAddress else { return false }
            return memchr(start, Int32(bracket), bytes.count) != nil
        } ?? text.utf8.contains(bracket)
        guard mayLink else { return [] }
        let references = MarkdownReference.scan(text)
        guard !references.isEmpty else { return [] }
        let bytes = Array(text.utf8)
        // The references of one line share its context, read once: a paragraph of a thousand
        // links is read once, not a thousand times.
        var line: (bytes: ClosedRange<Int>, context: String)?
        return references.compactMap { reference in
            if line.map({ !$0.bytes.contains(reference.utf8Range.lowerBound) }) ?? true {
                line = self.line(around: reference.utf8Range.lowerBound, in: bytes)
            }
            return link(reference, context: line!.context).map { Located(link: $0, utf8Range: reference.utf8Range) }
        }
    }

    /// The line holding the byte at `position` (its bytes, its line end included) and its context:
    /// the line trimmed, at most `contextLimit` characters.
    private static func line(around position: Int, in bytes: [UInt8]) -> (bytes: ClosedRange<Int>, context: String) {
        let start = bytes[..<position].lastIndex(of: 0x0a).map { $0 + 1 } ?? 0
        let end = bytes[position...].firstIndex(of: 0x0a) ?? bytes.count
        return (start...end, String(trimmed(String(decoding: bytes[start..<end], as: UTF8.self)).prefix(contextLimit)))
    }

    /// A link and where it is in its text, in UTF-8 bytes.
    public struct Located: Hashable, Sendable {
        public let link: NoteLink
        public let utf8Range: Range<Int>
    }

    private static func link(_ reference: MarkdownReference, context: String) -> NoteLink? {
        switch reference.kind {
        case .wikilink(let inner):
            // In a table, `|` is written `\|`.
            let text = inner.utf8.contains(UInt8(ascii: "\\")) ? inner.replacingOccurrences(of: "\\|", with: "|") : inner
            let (linked, shown) = split(text, at: ["|"])
            let (name, fragment) = split(linked, at: ["#", "^"])
            guard let target = noteName(name, embedded: reference.isEmbedded) else { return nil }
            return NoteLink(target: target, fragment: fragment, label: shown.map(trimmed).flatMap(nonEmpty), form: reference.isEmbedded ? .embed : .wikilink,
                            line: reference.line, context: context)
        case .link(let label, let destination):
            if destination.hasPrefix(quillScheme) {
                let id = String(destination.dropFirst(quillScheme.count))
                guard NoteID(id) != nil else { return nil }
                return NoteLink(target: id, fragment: nil, label: nonEmpty(label), form: .quillURL, line: reference.line, context: context)
            }
            guard !destination.contains(":"), !destination.hasPrefix("#"),
                  !destination.hasPrefix(AttachmentReference.folder + "/") else { return nil }
            let (path, fragment) = split(destination, at: ["#"])
            let decoded = AttachmentName.percentDecoded(path)
            guard hasMarkdownExtension(decoded), let target = noteName(decoded, embedded: false) else { return nil }
            return NoteLink(target: target, fragment: fragment, label: nonEmpty(label), form: .markdown, line: reference.line, context: context)
        }
    }

    public static let quillScheme = "quill:"

    /// The last path component without `.md`; `nil` for nothing, or for an embedded file that is
    /// not a note (`![[photo.png]]` is an attachment).
    private static func noteName(_ written: String, embedded: Bool) -> String? {
        var name = trimmed(written)
        if let slash = name.lastIndex(of: "/") { name = String(name[name.index(after: slash)...]) }
        if hasMarkdownExtension(name) {
            name = String(name.dropLast(3))
        } else if embedded, let dot = name.lastIndex(of: "."), name.index(after: dot) < name.endIndex,
                  !name[name.index(after: dot)...].contains(" ") {
            return nil
        }
        name = trimmed(name)
        return name.isEmpty ? nil : name
    }

    private static func hasMarkdownExtension(_ name: String) -> Bool {
        let bytes = name.utf8
        guard bytes.count > 3 else { return false }
        let suffix = bytes.suffix(3).map { $0 | 0x20 }
        return suffix == Array(".md".utf8).map { $0 | 0x20 }
    }

    /// `text` before the first of `marks` (ASCII), and what follows it: with the mark, except for
    /// `|` (`nil` without one). Read by scalar: a mark is never part of a larger character.
    private static func split(_ text: String, at marks: Set<Unicode.Scalar>) -> (String, String?) {
        let scalars = text.unicodeScalars
        guard let mark = scalars.firstIndex(where: marks.contains) else { return (text, nil) }
        let rest = marks == ["|"] ? scalars[scalars.index(after: mark)...] : scalars[mark...]
        return (String(scalars[..<mark]), String(rest))
    }

    /// An empty shown text is none: the target is shown.
    private static func nonEmpty(_ text: String) -> String? {
        text.isEmpty ? nil : text
    }

    /// Trimmed of white space and line breaks (by scalar: Foundation's trimming copies the text
    /// to UTF-16, which was half the cost of indexing a store's links).
    private static func trimmed(_ text: String) -> String {
        text.trimmingUnicodeScalars { $0.properties.isWhitespace }
    }
}
