import ArchiveFeature
import ByteStreamTesting
import Foundation
import ImportFormatsFeature
import LocalFileSystem
import NoteStoreInterface
import NoteStoreTesting
import QuillModels
import ScratchDirectories
import StandardInterfaces
import StandardTesting
import Testing
import ZlibCompression

/// Real exports of other apps with bytes flipped, inserted (`<`, `&`, `]]>`) or cut off at
/// random: each import either completes or fails with an error that says what is wrong, and a
/// failed one leaves the store as it was; never a crash or a hang. Seeded (`QUILL_IMPORT_SEED`),
/// the seed named in every failure.
@Suite(.scratchDirectory) struct CorruptedExportTests {
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appending(path: "Fixtures/OtherApps")
    static let seed = UInt64(ProcessInfo.processInfo.environment["QUILL_IMPORT_SEED"] ?? "") ?? 62

    @Test("damaged Evernote exports and zips (Bear, Notion) give an import or a clear error, and nothing half-imported",
          arguments: ["evernote/linked_notes.enex", "evernote/images_with_and_without_size.enex", "bear/backup.bear2bk",
                      "notion/markdown-and-csv.zip", "simplenote/notes.json", "standard-notes/backup-2023.zip"])
    func randomDamage(_ fixture: String) async throws {
        let original = Array(try Data(contentsOf: Self.fixtures.appending(path: fixture)))
        var generator = SplitMix64(seed: Self.seed)
        let directory = try Scratch.directory("damaged")
        let existing = try Note(id: NoteID(high: 1, low: 1), title: "Already here", body: "", tags: [], created: .now, updated: .now)
        var failures = 0
        for iteration in 0..<200 {
            var damaged = original
            switch iteration % 4 {
            case 0: damaged = Array(damaged.prefix(Int.random(in: 0..<damaged.count, using: &generator)))
            case 1:
                for _ in 0..<Int.random(in: 1...4, using: &generator) {
                    damaged[Int.random(in: 0..<damaged.count, using: &generator)] ^= UInt8.random(in: 1...255, using: &generator)
                }
            case 2:
                let markup = [Array("<".utf8), Array("&".utf8), Array("]]>".utf8), Array("</note>".utf8), Array("\"".utf8)]
                damaged.insert(contentsOf: markup[Int.random(in: 0..<markup.count, using: &generator)], at: Int.random(in: 0...damaged.count, using: &generator))
            default:
                let start = Int.random(in: 0..<damaged.count, using: &generator)
                damaged.removeSubrange(start..<min(damaged.count, start + Int.random(in: 1...64, using: &generator)))
            }
            let path = directory + "/\(iteration)-" + (fixture.split(separator: "/").last.map(String.init) ?? "export")
            try Data(damaged).write(to: URL(filePath: path))
            let store = InMemoryNoteStore(notes: [existing])
            let importer = ArchiveImporter(store: store, attachments: InMemoryAttachmentStore(clock: FixedClock(.now)), decompression: ZlibGzip(),
                                           scratch: InMemoryScratchStorage(), ids: SequentialNoteIDs(namespace: 0xDA), clock: FixedClock(.now),
                                           background: DefaultPriorityExecutor())
            do {
                let report = try await importer.importArchive(from: InMemoryByteSource(damaged, maximumReadSize: 1000), name: path, files: LocalFileAccessor())
                #expect(await store.list(.init(includeDeleted: true)).notes.count == 1 + report.addedCount,
                        "seed \(Self.seed), iteration \(iteration): the report and the store disagree")
            } catch let error as ArchiveError {
                failures += 1
                _ = error
            } catch let error as ForeignFormatError {
                failures += 1
                _ = error
            } catch let error as ZipArchive.Failure {
                failures += 1
                _ = error
            } catch {
                Issue.record("seed \(Self.seed), iteration \(iteration): an error that says nothing to a person: \(type(of: error)) \(error)")
            }
            let left = await store.list(.init(includeDeleted: true)).notes
            if left.count == 1 { #expect(left[0].id == existing.id, "seed \(Self.seed), iteration \(iteration)") }
        }
        #expect(failures > 0, "seed \(Self.seed): no damage was ever noticed")
    }
}
