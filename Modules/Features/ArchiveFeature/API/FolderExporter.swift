import FileSystemInterface
import Foundation
import NoteStoreInterface
import QuillModels

/// Writes notes as a folder of Markdown files that Obsidian (or any editor) opens as a vault:
/// each file holds the same front matter and body as in an archive, and is named after its
/// title (`FolderLayout`).
///
/// Exists for people who keep their notes in a folder as well as in Quill; `quill import DIR`
/// reads the folder back, each note with its ID. It writes only into a new or empty folder,
/// unless told otherwise, and then never replaces a file that is there.
public struct FolderExporter: Sendable {
    private let store: any NoteReading
    private let files: any FileAccessing
    /// Files are made durable together, this many at a time.
    static let batchFiles = 256

    public init(store: any NoteReading, files: any FileAccessing) {
        self.store = store
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
        repeat {
            let page = try await store.catalog(NoteQuery(tag: tag), after: after, limit: 1000)
            guard page.problems.isEmpty else { throw ArchiveError.unreadableStore(page.problems.map(\.description)) }
            for id in page.ids {
                guard let note = try await store.note(id: id), !note.isDeleted else { continue }
                batch.append((path + "/" + names.claim(for: note.title), Data(FrontMatter.render(note))))
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
}
