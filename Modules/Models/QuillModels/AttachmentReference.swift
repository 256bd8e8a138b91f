import Foundation

/// A note's reference to an attachment, in the one form Quill writes:
/// `![label](attachments/<sha256>/<name>)` for an image shown inline, `[label](…)` for any file.
///
/// Exists so that one place knows the form: the commands that attach and detach, the listing,
/// collection, archives and the web reader all read references through `scan` and write them
/// through `markdown`. The path is relative, so the links resolve once the attachments sit
/// beside the notes (an extracted archive, a folder export opened in Obsidian).
public struct AttachmentReference: Hashable, Sendable {
    public let hash: AttachmentHash
    /// The file name, percent-decoded.
    public let name: String
    /// The text shown for the link (an image's alternative text).
    public let label: String
    /// Written with `!`: shown inline rather than linked.
    public let isEmbedded: Bool
    /// Where the reference is in the note's body, in UTF-8 bytes.
    public let utf8Range: Range<Int>

    /// The folder the references' paths start with.
    public static let folder = "attachments"

    /// The reference's Markdown for an attachment.
    public static func markdown(hash: AttachmentHash, name: String, label: String? = nil, embedded: Bool) -> String {
        (embedded ? "!" : "") + "[" + escapedLabel(label ?? name) + "](" + path(hash: hash, name: name) + ")"
    }

    /// `attachments/<sha256>/<name>`, the name percent-encoded: the path every layer uses.
    public static func path(hash: AttachmentHash, name: String) -> String {
        folder + "/" + hash.hex + "/" + AttachmentName.percentEncoded(name)
    }

    /// `body` with `references` (each a line of `markdown`) at its end, after a blank line: how
    /// `quill attach` and the web reader's form add attachments to a note.
    public static func appending(_ references: [String], to body: String) -> String {
        guard !references.isEmpty else { return body }
        var result = body
        if !result.isEmpty, !result.hasSuffix("\n") { result += "\n" }
        if !result.isEmpty, !result.hasSuffix("\n\n") { result += "\n" }
        return result + references.joined(separator: "\n") + "\n"
    }

    /// Whether `body` holds "(attachments/" anywhere: every reference does, and blanking code
    /// only ever takes text away, so a body without it (most notes) needs no scan, which
    /// would copy and blank it first. A sync, an export and a push ask this of every note.
    static func mayHoldReference(_ body: String) -> Bool {
        var body = body
        // With `memchr`: every note the search index takes in is asked this (`IndexedNote`).
        return body.withUTF8 { bytes in
            let needle = referenceStart
            guard let base = bytes.baseAddress else { return false }
            var from = 0
            while from < bytes.count, let hit = memchr(base + from, Int32(needle[0]), bytes.count - from) {
                let open = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                guard open + needle.count <= bytes.count else { return false }
                if bytes[open..<(open + needle.count)].elementsEqual(needle) { return true }
                from = open + 1
            }
            return false
        }
    }

    private static let referenceStart = Array(("(" + folder + "/").utf8)

    /// Every reference in `body`, in order, outside code blocks and inline code.
    public static func scan(_ body: String) -> [AttachmentReference] {
        guard mayHoldReference(body) else { return [] }
        return references(in: MarkdownCode.blanked(body), original: Array(body.utf8))
    }

    /// The attachments `body` refers to anywhere, in code too: what collection keeps. What is
    /// code follows the rules of Markdown as Quill reads them (a fence in a list item became
    /// code), and collecting is the one step that cannot be taken back, so a reference that may
    /// ever have been shown keeps its bytes.
    public static func keptHashes(_ body: String) -> Set<AttachmentHash> {
        guard mayHoldReference(body) else { return [] }
        let bytes = Array(body.utf8)
        return Set(references(in: bytes, original: bytes).map(\.hash))
    }

    /// The references in `bytes` (the text, its code perhaps blanked), their labels and names
    /// read from `original`.
    private static func references(in bytes: [UInt8], original: [UInt8]) -> [AttachmentReference] {
        let prefix = Array((folder + "/").utf8)
        var references: [AttachmentReference] = []
        var index = 0
        while index < bytes.count {
            guard bytes[index] == UInt8(ascii: "["), let close = labelEnd(bytes, from: index) else {
                index += 1
                continue
            }
            let start = close + 2
            guard start + prefix.count + 66 <= bytes.count, bytes[close + 1] == UInt8(ascii: "("),
                  bytes[start..<(start + prefix.count)].elementsEqual(prefix),
                  let hash = AttachmentHash(String(decoding: bytes[(start + prefix.count)..<(start + prefix.count + 64)], as: UTF8.self)),
                  bytes[start + prefix.count + 64] == UInt8(ascii: "/") else {
                index += 1
                continue
            }
            let nameStart = start + prefix.count + 65
            var end = nameStart
            while end < bytes.count, !nameStop.contains(bytes[end]) { end += 1 }
            guard end < bytes.count, bytes[end] == UInt8(ascii: ")"), end > nameStart else {
                index += 1
                continue
            }
            let embedded = index > 0 && bytes[index - 1] == UInt8(ascii: "!")
            let label = unescapedLabel(original[(index + 1)..<close])
            let name = AttachmentName.percentDecoded(String(decoding: original[nameStart..<end], as: UTF8.self))
            references.append(AttachmentReference(hash: hash, name: name, label: label, isEmbedded: embedded,
                                                  utf8Range: (embedded ? index - 1 : index)..<(end + 1)))
            index = end + 1
        }
        return references
    }

    /// The `]` that ends a label starting at `open`, on the same line; brackets nest, `\` escapes.
    private static func labelEnd(_ bytes: [UInt8], from open: Int) -> Int? {
        var depth = 0
        var index = open + 1
        while index < bytes.count, bytes[index] != 0x0a {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 1
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"):
                if depth == 0 { return index + 1 < bytes.count ? index : nil }
                depth -= 1
            default: break
            }
            index += 1
        }
        return nil
    }

    private static let nameStop: Set<UInt8> = [0x20, 0x09, 0x0a, 0x0d, UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "<"), UInt8(ascii: ">")]

    /// A Markdown link's text: brackets, backslashes and backticks escaped (a backtick left bare
    /// would open a code span with the next one in the text, which would hide the reference),
    /// line breaks left out. Escapes by scalar, not by character: a mark that joins the next
    /// scalar into one character (U+0600 before `[`) must not hide a bracket from the scanner,
    /// which reads bytes.
    public static func escapedLabel(_ label: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in label.unicodeScalars where scalar != "\n" && scalar != "\r" {
            if scalar == "[" || scalar == "]" || scalar == "\\" || scalar == "`" { result.append("\\") }
            result.append(scalar)
        }
        return String(result)
    }

    private static func unescapedLabel(_ bytes: ArraySlice<UInt8>) -> String {
        var result: [UInt8] = []
        var escaping = false
        for byte in bytes {
            if !escaping, byte == UInt8(ascii: "\\") {
                escaping = true
                continue
            }
            escaping = false
            result.append(byte)
        }
        return String(decoding: result, as: UTF8.self)
    }
}
