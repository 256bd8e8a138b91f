import Crypto
import Foundation
import QuillModels

/// Brings in the files a vault's notes embed or link to, as an import reads each note: each
/// file is read, hashed and handed on as an attachment (once, however many notes refer to it),
/// and a plain note's references are rewritten into Quill's form (`AttachmentReference`).
///
/// Exists so that importing a vault keeps its pictures: the file each reference means is found
/// as Obsidian finds it (`VaultFileIndex`), in a folder or in a plain archive (`VaultFiles`). A
/// Quill note (front matter with its ID) keeps its text; its references already have Quill's
/// form and only need their bytes.
struct VaultAttachments {
    let files: any VaultFiles
    let limits: ArchiveLimits
    let index: VaultFileIndex
    private var kept: [String: AttachmentHash] = [:]

    init(files: any VaultFiles, limits: ArchiveLimits) {
        self.files = files
        self.limits = limits
        index = VaultFileIndex(paths: files.paths)
    }

    /// Whether a note referred to the file (at `relative`), so that it was brought in.
    func isKept(_ relative: String) -> Bool { kept[relative] != nil }

    /// The item, its attachments handed to `receive` first.
    mutating func bringIn(_ item: ArchiveItem, folder: String, receive: (ArchiveItem) async throws -> Void) async throws -> ArchiveItem {
        var item = item
        let body: String
        switch item.incoming {
        case .note(let note): body = note.body
        case .plain(let plain): body = plain.body
        case .history, .attachment: return item
        }
        var replacements: [(range: Range<Int>, text: String)] = []
        for embed in VaultEmbed.scan(body) {
            guard let path = index.resolve(embed.target, fromFolder: folder, relative: embed.isMarkdownLink) else {
                if embed.isEmbedded, !embed.isMarkdownLink, embed.target.contains("."), !ArchiveReader.isMarkdown(embed.target[...]) {
                    item.notices.append("'\(embed.target)' is embedded but no file of that name is in the folder; left as it is")
                }
                continue
            }
            let hash = try await keep(path, receive: receive)
            let name = AttachmentName.safe(path)
            replacements.append((embed.utf8Range, AttachmentReference.markdown(hash: hash, name: name, label: embed.label ?? name,
                                                                               embedded: embed.isEmbedded)))
        }
        guard case .plain(var plain) = item.incoming, !replacements.isEmpty else { return item }
        plain.body = UTF8Replacements.applying(replacements.map { ($0.range, $0.text) }, to: body)
        item.incoming = .plain(plain)
        return item
    }

    private mutating func keep(_ relative: String, receive: (ArchiveItem) async throws -> Void) async throws -> AttachmentHash {
        if let hash = kept[relative] { return hash }
        let size = try files.size(of: relative)
        guard size <= limits.maximumAttachmentBytes else {
            throw ArchiveError.entryTooLarge(entry: relative, bytes: size, limit: limits.maximumAttachmentBytes)
        }
        let bytes = try files.bytes(of: relative)
        guard let hash = AttachmentHash(digest: SHA256.hash(data: bytes)) else { throw ArchiveError.attachmentMismatch(entry: relative) }
        try await receive(ArchiveItem(entry: relative, incoming: .attachment(hash, bytes: bytes[...])))
        kept[relative] = hash
        return hash
    }
}
