import FileSystemTesting
import Foundation
import LocalFileSystem
import QuillModels
import ScratchDirectories
import SearchIndexInterface
import SQLiteSearchIndex
import Testing

/// What the SQLite index does with commits it let reach the disk later (`moreToFollow`): kept
/// after a killed process, forgotten after a restart of the machine unless a final commit made
/// them durable. A restart is what `RestartedMachineFileAccessor` makes the index believe.
@Suite("SQLite index: deferred commits", .scratchDirectory)
struct SQLiteIndexDurabilityTests {
    let path: String
    let disk = LocalFileAccessor()

    init() throws {
        path = try Scratch.directory("durability") + "/search/index.sqlite"
    }

    /// Applies one note per batch, each but the last with `moreToFollow`.
    func catchUp(_ index: SQLiteSearchIndex, notes: [UInt64], finished: Bool) async throws -> JournalCursor? {
        var cursor: JournalCursor?
        for (position, number) in notes.enumerated() {
            let next = JournalCursor("page-\(number)")
            let more = !finished || position < notes.count - 1
            #expect(try await index.apply(SearchIndexBatch(notes: [try Notes.note(number, body: "kiwi")]),
                                          expected: cursor, next: next, moreToFollow: more))
            cursor = next
        }
        return cursor
    }

    func markers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent).filter { $0.contains("-unsynced-") }
    }

    @Test func pagesLeftForTheDiskAreKeptAfterTheProcessDies() async throws {
        let cursor = try await catchUp(SQLiteSearchIndex(path: path, files: disk), notes: [1, 2], finished: false)
        #expect(try markers().count == 1)
        let reopened = SQLiteSearchIndex(path: path, files: disk)
        #expect(try await reopened.cursor() == cursor)
        #expect(Set(try await reopened.titles("kiwi")) == ["Note 1", "Note 2"])
    }

    @Test func pagesLeftForTheDiskAreForgottenAfterARestart() async throws {
        _ = try await catchUp(SQLiteSearchIndex(path: path, files: disk), notes: [1, 2], finished: false)
        let afterRestart = SQLiteSearchIndex(path: path, files: RestartedMachineFileAccessor(wrapping: disk))
        #expect(try await afterRestart.cursor() == nil)
        #expect(try await afterRestart.titles("kiwi").isEmpty)
        #expect(try markers().isEmpty)
    }

    @Test func theLastPageMakesEveryPageDurable() async throws {
        let cursor = try await catchUp(SQLiteSearchIndex(path: path, files: disk), notes: [1, 2, 3], finished: true)
        #expect(try markers().isEmpty)
        let afterRestart = SQLiteSearchIndex(path: path, files: RestartedMachineFileAccessor(wrapping: disk))
        #expect(try await afterRestart.cursor() == cursor)
        #expect(Set(try await afterRestart.titles("kiwi")) == ["Note 1", "Note 2", "Note 3"])
    }

    /// A last page that finds the cursor moved commits nothing, so it syncs nothing either.
    @Test func aLastPageThatIsNotAppliedMakesNothingDurable() async throws {
        let index = SQLiteSearchIndex(path: path, files: disk)
        _ = try await catchUp(index, notes: [1, 2], finished: false)
        #expect(try await !index.apply(SearchIndexBatch(notes: [try Notes.note(3, body: "kiwi")]),
                                       expected: JournalCursor("elsewhere"), next: JournalCursor("page-3"), moreToFollow: false))
        #expect(try markers().count == 1)
        let afterRestart = SQLiteSearchIndex(path: path, files: RestartedMachineFileAccessor(wrapping: disk))
        #expect(try await afterRestart.cursor() == nil)
    }

    /// Without a way to tell a restart, nothing is left for the disk to write later.
    @Test func withoutAnEpochEveryPageIsDurable() async throws {
        let cannotTell = RestartedMachineFileAccessor(wrapping: disk, epoch: nil)
        let cursor = try await catchUp(SQLiteSearchIndex(path: path, files: cannotTell), notes: [1, 2], finished: false)
        #expect(try markers().isEmpty)
        let afterRestart = SQLiteSearchIndex(path: path, files: RestartedMachineFileAccessor(wrapping: disk))
        #expect(try await afterRestart.cursor() == cursor)
    }
}
