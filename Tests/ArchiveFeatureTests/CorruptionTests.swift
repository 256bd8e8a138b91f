import ArchiveFeature
import ByteStreamTesting
import CompressionInterface
import CompressionTesting
import NoteStoreInterface
import NoteStoreTesting
import QuillModels
import StandardTesting
import Testing

@Suite("Randomly corrupted archives")
struct CorruptionTests {
    struct Setup: CustomTestStringConvertible, Sendable {
        let name: String
        let compression: any Compressing & Decompressing
        var testDescription: String { name }
    }

    @Test("flipped bytes and truncations give errors, never a crash, a hang or a partial import",
          arguments: [Setup(name: "zlib", compression: Fixtures.zlib), Setup(name: "fake", compression: Fixtures.fake)])
    func randomCorruption(_ setup: Setup) async throws {
        let notes = Array(try Fixtures.trickyNotes().prefix(8))
        let archive = try await Fixtures.export(notes, compression: setup.compression,
                                                options: ExportOptions(mode: .parallel(blockBytes: 8192, maximumInFlight: 2)))
        let existing = Array(SampleNotes.all().prefix(2))
        var generator = SplitMix64(seed: 2026)
        var failures = 0
        let iterations = 300
        for iteration in 0..<iterations {
            var damaged = archive
            if iteration % 3 == 0 {
                damaged = Array(damaged.prefix(Int.random(in: 0..<damaged.count, using: &generator)))
            } else {
                for _ in 0..<Int.random(in: 1...3, using: &generator) {
                    damaged[Int.random(in: 0..<damaged.count, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator)
                }
            }
            let store = InMemoryNoteStore(notes: existing)
            do {
                _ = try await Fixtures.importer(store, decompression: setup.compression)
                    .importArchive(from: InMemoryByteSource(damaged, maximumReadSize: 4096))
                // Only bytes no checksum covers (gzip's header time and OS fields) may change harmlessly:
                // then the import must be exactly the undamaged one.
                #expect(try await Fixtures.snapshot(store) == (existing + notes).sorted { $0.id < $1.id })
            } catch is ArchiveError {
                failures += 1
                #expect(try await Fixtures.snapshot(store) == existing.sorted { $0.id < $1.id })
            }
        }
        #expect(failures > iterations * 9 / 10)
    }
}
