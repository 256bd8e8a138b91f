import Crypto
import QuillModels

/// The files of an export that its notes show, each read, checked against the attachment limit
/// and hashed once however many links lead to it; and the Markdown links of a note's text
/// rewritten into Quill's references.
///
/// Exists so that every reader whose notes link to files beside them (Keep, Bear, Notion, Joplin) keeps
/// them the same way.
struct ExportAttachments {
    let maximumAttachmentBytes: Int64
    private var kept: [String: ForeignAttachment] = [:]

    init(maximumAttachmentBytes: Int64) {
        self.maximumAttachmentBytes = maximumAttachmentBytes
    }

    /// The attachment for the file at `path` of `files`, and whether this is its first use (the
    /// note should carry it then). `shown` names it in errors; `name` is its name where the file's
    /// own is not (Joplin keeps a file under its ID).
    mutating func attachment(at path: String, of files: some ExportFiles, entry: String, shown: String,
                             named name: String? = nil) throws -> (ForeignAttachment, isNew: Bool)? {
        if let attachment = kept[path] { return (attachment, false) }
        return try attachment(bytes: try files.bytes(of: path), key: path, name: name ?? String(path.split(separator: "/").last ?? ""),
                              entry: entry, shown: shown)
    }

    /// The attachment of `bytes` that an export holds in some other way than a file (TiddlyWiki:
    /// a tiddler's text in base64), known by `key`; and whether this is its first use.
    mutating func attachment(bytes: [UInt8], key: String, name: String, entry: String, shown: String) throws -> (ForeignAttachment, isNew: Bool)? {
        if let attachment = kept[key] { return (attachment, false) }
        guard Int64(bytes.count) <= maximumAttachmentBytes else {
            throw ForeignFormatError.attachmentTooLarge(entry: entry, name: "attachment '\(shown)'", limit: maximumAttachmentBytes)
        }
        guard let hash = AttachmentHash(digest: SHA256.hash(data: bytes)) else { return nil }
        let attachment = ForeignAttachment(name: AttachmentName.safe(name), hash: hash, bytes: bytes)
        kept[key] = attachment
        return (attachment, true)
    }

    /// `text` with each Markdown link or image (`[label](target)`, `![label](target)`) replaced
    /// by what `replace` makes of it (its label, its percent-decoded target, whether it is an
    /// image); one it answers `nil` for is left as it was.
    static func rewritingLinks(
        in text: String, _ replace: (_ label: String, _ target: String, _ isImage: Bool) throws -> String?
    ) rethrows -> String {
        var replacements: [(range: Range<Int>, text: String)] = []
        for match in text.matches(of: /(!?)\[([^\]\n]*)\]\(([^)\n]+)\)/) {
            let target = String(match.output.3)
            guard let replacement = try replace(String(match.output.2), target.removingPercentEncoding ?? target, !match.output.1.isEmpty) else {
                continue
            }
            let start = text.utf8.distance(from: text.startIndex, to: match.range.lowerBound)
            let end = text.utf8.distance(from: text.startIndex, to: match.range.upperBound)
            replacements.append((start..<end, replacement))
        }
        return UTF8Replacements.applying(replacements.map { ($0.range, $0.text) }, to: text)
    }

    /// Quill's reference to `attachment`, shown with `label` (its name if empty).
    static func reference(to attachment: ForeignAttachment, label: String, isImage: Bool) -> String {
        AttachmentReference.markdown(hash: attachment.hash, name: attachment.name, label: label.isEmpty ? attachment.name : label, embedded: isImage)
    }
}
