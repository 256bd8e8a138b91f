import StandardInterfaces
import Crypto
import FileSystemInterface
import Foundation
import NoteStoreInterface
import QuillModels

/// Writes notes as a folder of Markdown files that Obsidian (or any editor) opens as a vault:
/// each file holds the same front matter and body as in an archive, and is named after its
/// title (`FolderLayout`), and the attachments they refer to at `attachments/<sha256>/<name>`,
/// where their references point, so that Obsidian shows the images.
///
/// Exists for people who keep their notes in a folder as well as in Quill; `quill import DIR`
/// reads the folder back, each note with its ID. It writes only into a new or empty folder,
/// unless told otherwise, and then never replaces a file that is there.
public struct FolderExporter: Sendable {
    private let store: any NoteReading
    private let attachments: (any AttachmentStoring)?
    private let files: any FileAccessing
    /// Files are made durable together, this many at a time.
    static let batchFiles = 256

    public init(store: any NoteReading, attachments: (any AttachmentStoring)?, files: any FileAccessing) {
        self.store = store
        self.attachments = attachments
        self.files = files
    }

    /// - Parameter intoNonEmptyFolder: write into a folder that already holds files (new names
    ///   avoid theirs); otherwise such a folder is refused with `ArchiveError.folderNotEmpty`.
    /// - Returns: how many notes were written.
    public func export(to path: String, tag: Tag? = nil, intoNonEmptyFolder: Bool = false,
                       progress: (ArchiveProgress) -> Void = { _ in }) async throws -> Int {
        var names = FolderLayout.Names()
        if files.exists(path) {
            guard try files.metadata(of: path).kind == .directory else { throw FileSystemError.notADirectory(path: path) }
            let present = try files.contents(ofDirectory: path)
            guard present.isEmpty || intoNonEmptyFolder else { throw ArchiveError.folderNotEmpty(path: path) }
            present.forEach { names.reserve($0) }
        } else {
            try files.createDirectory(path)
        }
        var batch: [(path: String, data: Data)] = []
        var written = 0
        var after: NoteID?
        var attachmentsDone = Set<AttachmentHash>()
        repeat {
            let page = try await store.catalog(NoteQuery(tag: tag), after: after, limit: 1000)
            guard page.problems.isEmpty else { throw ArchiveError.unreadableStore(page.problems.map(\.description)) }
            for id in page.ids {
                guard let note = try await store.note(id: id), !note.isDeleted else { continue }
                batch.append((path + "/" + names.claim(for: note.title), Data(FrontMatter.render(note))))
                for reference in AttachmentReference.scan(note.body) where attachmentsDone.insert(reference.hash).inserted {
                    try writeAttachment(reference, into: path)
                }
                if batch.count >= Self.batchFiles {
                    try files.writeAll(batch)
                    written += batch.count
                    batch.removeAll(keepingCapacity: true)
                    progress(ArchiveProgress(notesDone: written, notesTotal: nil, bytesDone: 0))
                }
            }
            after = page.resumeAfter
        } while after != nil
        if !batch.isEmpty { try files.writeAll(batch) }
        return written + batch.count
    }

    /// The attachment's bytes at the path its reference names, checked against their hash; one
    /// whose bytes are not on this device is left out.
    private func writeAttachment(_ reference: AttachmentReference, into path: String) throws {
        guard let attachments, let reader = try attachments.open(reference.hash) else { return }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        guard AttachmentHash(digest: SHA256.hash(data: bytes)) == reference.hash else {
            throw ArchiveError.damagedAttachment(reference.hash.hex)
        }
        let folder = path + "/" + AttachmentReference.folder + "/" + reference.hash.hex
        try files.createDirectory(folder)
        try files.write(Data(bytes), to: folder + "/" + AttachmentName.safe(reference.name))
    }
}
