import ArchiveFeature
import ByteStreamInterface
import ByteStreamTesting
import CompressionInterface
import CompressionTesting
import NoteStoreInterface
import NoteStoreTesting
import QuillModels
import Testing

@Suite("Archive failures from the outside")
struct FailureInjectionTests {
    @Test("a sink that fails mid-export is abandoned and the error is reported", arguments: [
        ExportOptions.Mode.singleStream, .parallel(blockBytes: 4096, maximumInFlight: 2),
    ])
    func failingSink(_ mode: ExportOptions.Mode) async throws {
        let sink = FailingByteSink(failAfter: 1000)
        let exporter = ArchiveExporter(store: InMemoryNoteStore(notes: SampleNotes.all()), history: nil, attachments: nil, compression: Fixtures.fake, scratch: InMemoryScratchStorage())
        await #expect(throws: ByteStreamError.writeFailed("injected: no space left on device")) {
            try await exporter.export(to: sink, options: ExportOptions(mode: mode))
        }
        #expect(sink.isAbandoned)
    }

    @Test("a compressor failing mid-export is reported and the output abandoned")
    func failingCompressor() async throws {
        let compression = FailingCompression(wrapping: Fixtures.fake, Fixtures.fake, failure: .libraryFailure("injected"),
                                             trigger: .afterInputBytes(10_000))
        let sink = InMemoryByteSink()
        let exporter = ArchiveExporter(store: InMemoryNoteStore(notes: SampleNotes.all()), history: nil, attachments: nil, compression: compression, scratch: InMemoryScratchStorage())
        await #expect(throws: CompressionError.libraryFailure("injected")) {
            try await exporter.export(to: sink, options: ExportOptions(mode: .singleStream))
        }
        #expect(sink.isAbandoned && !sink.isClosed)
    }

    @Test("scratch storage running out fails an export cleanly")
    func scratchFullOnExport() async throws {
        let sink = InMemoryByteSink()
        let exporter = ArchiveExporter(store: InMemoryNoteStore(notes: SampleNotes.all()), history: nil, attachments: nil, compression: Fixtures.fake,
                                       scratch: FailingScratchStorage(failAfter: 300))
        await #expect(throws: ByteStreamError.writeFailed("injected: no space left for a scratch file")) {
            try await exporter.export(to: sink)
        }
        #expect(sink.isAbandoned && !sink.isClosed)
    }

    @Test("scratch storage running out fails an import and leaves the store unchanged")
    func scratchFullOnImport() async throws {
        let archive = try await Fixtures.export(SampleNotes.all())
        let store = InMemoryNoteStore(notes: [SampleNotes.all()[0]])
        let before = try await Fixtures.snapshot(store)
        await #expect(throws: ByteStreamError.writeFailed("injected: no space left for a scratch file")) {
            try await Fixtures.importer(store, scratch: FailingScratchStorage(failAfter: 300)).importArchive(from: InMemoryByteSource(archive))
        }
        #expect(try await Fixtures.snapshot(store) == before)
    }

    @Test("a source failing mid-import leaves the store unchanged")
    func failingSource() async throws {
        let archive = try await Fixtures.export(SampleNotes.all())
        let store = InMemoryNoteStore()
        await #expect(throws: ArchiveError.stream(.readFailed("injected failure"))) {
            try await Fixtures.importer(store).importArchive(from: FailingByteSource(archive, failAfter: archive.count / 2))
        }
        #expect(try await Fixtures.snapshot(store).isEmpty)
    }

    @Test("a store that refuses the batch leaves nothing behind")
    func failingStore() async throws {
        let archive = try await Fixtures.export(SampleNotes.all())
        let base = InMemoryNoteStore()
        let store = FailingNoteStore(wrapping: base, failing: [.write: .unavailable("disk full")])
        await #expect(throws: NoteStoreError.unavailable("disk full")) {
            try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(archive))
        }
        #expect(try await Fixtures.snapshot(base).isEmpty)
    }

    @Test("an export of a store with unreadable notes fails instead of silently missing them")
    func unreadableStore() async throws {
        let exporter = ArchiveExporter(store: ProblemStore(), history: nil, attachments: nil, compression: Fixtures.fake, scratch: InMemoryScratchStorage())
        await #expect(throws: ArchiveError.self) { try await exporter.export(to: InMemoryByteSink()) }
    }
}

/// A store whose listing reports a corrupt file: a reader is all an export asks for.
private struct ProblemStore: NoteReading {
    func note(id: NoteID) async throws -> Note? { nil }
    func list(_ query: NoteQuery) async throws -> NoteListing {
        NoteListing(notes: [], problems: [StoreProblem(location: "notes/ab.json", reason: "not JSON")])
    }
}
