import ArchiveFeature
import ByteStreamTesting
import Foundation
import LocalFileSystem
import NoteStoreTesting
import QuillModels
import StandardInterfaces
import StandardTesting
import ZlibCompression

/// Imports a file of another app into an in-memory store as `quill import FILE` does (its bytes
/// streamed, its path there to read a zip from), and reads every note back by title.
enum ForeignImport {
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appending(path: "Fixtures/OtherApps")
    static let clock = FixedClock(Date(timeIntervalSince1970: 1_800_000_000))

    /// - Parameter bytes: the file's bytes, if not those at `path`.
    static func run(
        _ path: String, bytes: [UInt8]? = nil, into store: InMemoryNoteStore = InMemoryNoteStore(),
        attachments: InMemoryAttachmentStore = InMemoryAttachmentStore(clock: clock)
    ) async throws -> (ImportReport, [String: Note]) {
        let importer = ArchiveImporter(store: store, attachments: attachments, decompression: ZlibGzip(), scratch: InMemoryScratchStorage(),
                                       ids: SequentialNoteIDs(namespace: 0xF0), clock: clock, background: DefaultPriorityExecutor())
        let input = try bytes ?? Array(Data(contentsOf: URL(filePath: path)))
        let report = try await importer.importArchive(from: InMemoryByteSource(input), name: path, files: LocalFileAccessor())
        return (report, try await notesByTitle(store))
    }

    /// Imports a folder as `quill import DIR` does.
    static func runFolder(
        _ path: String, into store: InMemoryNoteStore = InMemoryNoteStore(),
        attachments: InMemoryAttachmentStore = InMemoryAttachmentStore(clock: clock)
    ) async throws -> (ImportReport, [String: Note]) {
        let importer = ArchiveImporter(store: store, attachments: attachments, decompression: ZlibGzip(), scratch: InMemoryScratchStorage(),
                                       ids: SequentialNoteIDs(namespace: 0xF0), clock: clock, background: DefaultPriorityExecutor())
        let report = try await importer.importFolder(at: path, files: LocalFileAccessor())
        return (report, try await notesByTitle(store))
    }

    /// Every note of the store, the trash's too, by title.
    static func notesByTitle(_ store: InMemoryNoteStore) async throws -> [String: Note] {
        var notes: [String: Note] = [:]
        for summary in await store.list(.init(includeDeleted: true)).notes {
            if let note = await store.note(id: summary.id) { notes[note.title] = note }
        }
        return notes
    }
}
