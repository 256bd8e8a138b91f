import ArchiveFeature
import ByteStreamTesting
import Foundation
import NoteStoreInterface
import NoteStoreTesting
import PropertyBased
import QuillModels
import StandardTesting
import Testing
import ZlibCompression

/// `quill export` then `quill import`: every note the rules accept comes back byte for byte.
@Suite("Round trips through archives")
struct ArchiveRoundTripTests {
    static let date = Date(millisecondsSince1970: 1_767_603_600_123)

    @Test("export, then import into an empty store")
    func exportThenImport() async throws {
        var counter: UInt64 = 0
        await propertyCheck(count: Budget.cases, input: NastyText.inputs) { input in
            counter += 1
            // Two notes per archive, so that the entries' boundaries are exercised too.
            guard case .success(let first) = Oracle(input, id: NoteID(high: 4, low: counter), at: Self.date).verdict else { return }
            let second = try Note(id: NoteID(high: 5, low: counter), title: first.title, body: first.body + first.body.prefix(3),
                                  tags: first.tags, created: Self.date, updated: Self.date.addingTimeInterval(1), revision: 3)
            let sink = InMemoryByteSink()
            _ = try await ArchiveExporter(store: InMemoryNoteStore(notes: [first, second]), history: nil, attachments: nil, compression: ZlibGzip(),
                                          scratch: InMemoryScratchStorage()).export(to: sink)
            let store = InMemoryNoteStore()
            let report = try await ArchiveImporter(store: store, attachments: nil, decompression: ZlibGzip(), scratch: InMemoryScratchStorage(),
                                                   ids: SequentialNoteIDs(namespace: 0xA), clock: FixedClock(Self.date), background: DefaultPriorityExecutor())
                .importArchive(from: InMemoryByteSource(sink.bytes))
            #expect(report.manifestVerified && report.addedCount == 2 && report.skippedEntries.isEmpty)
            for note in [first, second] {
                let read = await store.note(id: note.id)
                #expect(read.map { Content($0) } == Content(note))
                #expect(read?.revision == note.revision && read?.created == note.created && read?.updated == note.updated)
            }
        }
    }
}
