@testable import ArchiveFeature
import ByteStreamTesting
import FileSystemTesting
import Foundation
import NoteStoreTesting
import QuillModels
import StandardInterfaces
import StandardTesting
import Synchronization
import Testing

/// The IDs a folder import gives its new notes: as random as any, in the order it creates them.
@Suite("Note IDs of a folder import")
struct FolderImportIDTests {
    /// IDs that decrease: the opposite of the order an import should hand them out in.
    final class DescendingNoteIDs: NoteIDGenerating {
        private let counter = Mutex<UInt64>(1_000)

        func next() -> NoteID {
            NoteID(high: 0, low: counter.withLock { value in
                defer { value -= 1 }
                return value
            })
        }
    }

    @Test func theIDsDrawnAheadComeInIncreasingOrderThenTheSourcesOwn() {
        let ids = AscendingNoteIDs(count: 3, drawingFrom: DescendingNoteIDs())
        #expect((0..<5).map { _ in ids.next() } == [998, 999, 1_000, 997, 996].map { NoteID(high: 0, low: $0) })
    }

    @Test func theIDsNeverRepeatAndReadBackFromTheirText() {
        let ids = AscendingNoteIDs(count: 500, drawingFrom: SequentialNoteIDs())
        let drawn = (0..<1_000).map { _ in ids.next() }
        #expect(Set(drawn).count == drawn.count)
        #expect(drawn.allSatisfy { NoteID($0.rawValue) == $0 })
    }

    @Test func theNewNotesGetIDsInTheOrderTheImportCreatesThem() async throws {
        let files = InMemoryFileSystem()
        try files.createDirectory("/vault/Sub")
        for name in ["b.md", "a.md", "c.md", "Sub/d.md"] { try files.write(Data("text of \(name)".utf8), to: "/vault/" + name) }
        let store = InMemoryNoteStore()
        let importer = ArchiveImporter(store: store, attachments: nil, decompression: Fixtures.zlib, scratch: InMemoryScratchStorage(),
                                       ids: DescendingNoteIDs(), clock: FixedClock(Fixtures.epoch), background: DefaultPriorityExecutor())
        let added = Mutex<[(String, NoteID)]>([])
        let report = try await importer.importFolder(at: "/vault", files: files, plan: { action in
            if case .added(let entry, let id, _, _) = action { added.withLock { $0.append((entry, id)) } }
        })
        #expect(report.addedCount == 4)
        let order = added.withLock { $0 }
        #expect(order.map(\.0) == ["a.md", "b.md", "c.md", "Sub/d.md"])
        #expect(order.map(\.1) == order.map(\.1).sorted())
    }
}
