import ArchiveFeature
import ByteStreamTesting
import NIOCore
import NoteStoreTesting
import StandardTesting
import ZlibCompression

/// An export as `quill import` reads it: the response's archive imported into a fresh
/// in-memory store, what each export test then looks into.
enum ExportedArchive {
    static func imported(_ body: ByteBuffer, attachments: InMemoryAttachmentStore? = nil) async throws -> (store: InMemoryNoteStore, report: ImportReport) {
        let store = InMemoryNoteStore()
        let importer = ArchiveImporter(store: store, attachments: attachments, decompression: ZlibGzip(), scratch: InMemoryScratchStorage(),
                                       ids: SequentialNoteIDs(), clock: FixedClock(TestServer.now), background: DefaultPriorityExecutor())
        return (store, try await importer.importArchive(from: InMemoryByteSource(Array(body.readableBytesView))))
    }
}
