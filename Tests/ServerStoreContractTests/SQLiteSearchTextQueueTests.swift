import Foundation
import QuillModels
import ServerFeature
import ServerStoreInterface
import SQLiteKit
@testable import SQLiteServerStore
import Testing

/// A push leaves its notes' search text queued (`SearchTextQueue`), and the next search indexes
/// it first: a search after a push finds every pushed note, and another write does not pay for
/// indexing a large queue.
@Suite struct SQLiteSearchTextQueueTests {
    @Test func aSearchAfterAPushFindsEveryPushedNoteAndEmptiesTheQueue() async throws {
        // No catch-up by itself while the test runs: what is queued stays queued until a search.
        let (directory, path, store, alice) = try await opened("quill-search-queue", pause: .seconds(3_600))
        defer { store.close(); try? FileManager.default.removeItem(at: directory) }
        let count = SearchTextQueue.rowsPerChunk * 2 + 7
        let changes = try (0..<count).map {
            PushedChange(note: try Sample.note(String(format: "d%05x", $0), title: "harbour \($0)", body: $0 % 2 == 0 ? "lighthouse" : "quay"),
                         baseRevision: nil, mayMerge: false)
        }
        _ = try await PushReplay(store).push(changes, requestID: try #require(PushRequestID("5ea4c401")), account: alice, at: Sample.date)
        #expect(try queued(path) == count, "the push left its notes' text to the next search")

        // A write after a large queue indexes its own note with the rest only when they fit a chunk.
        _ = try await store.create(try Sample.note("e1", title: "harbour master", body: "lighthouse keeper"), account: alice)
        #expect(try queued(path) == count + 1)

        let lighthouse = try await store.search(try SearchQuery("lighthouse"), account: alice, tagged: nil, after: nil, limit: count)
        #expect(lighthouse.notes.count == (count + 1) / 2 + 1)
        #expect(try queued(path) == 0)
        let quay = try await store.search(try SearchQuery("quay"), account: alice, tagged: nil, after: nil, limit: count)
        #expect(Set(quay.notes.map(\.id)) == Set(changes.filter { $0.note.body == "quay" }.map(\.note.id)))

        // With the queue small again, a write indexes it at its end.
        _ = try await store.replace(try Sample.note("e1", title: "harbour master", body: "retired"), account: alice,
                                    ifRevision: 1, origin: .api)
        #expect(try queued(path) == 0)
        #expect(try await store.search(try SearchQuery("retired"), account: alice, tagged: nil, after: nil, limit: 10).notes.map(\.id.rawValue) == ["e1"])
    }

    @Test func onceThePushesPauseTheStoreIndexesWhatTheyQueued() async throws {
        let (directory, path, store, alice) = try await opened("quill-search-queue-pause", pause: .milliseconds(50))
        defer { store.close(); try? FileManager.default.removeItem(at: directory) }
        let changes = try (0..<(SearchTextQueue.rowsPerChunk + 10)).map {
            PushedChange(note: try Sample.note(String(format: "f%05x", $0), title: "pier \($0)"), baseRevision: nil, mayMerge: false)
        }
        _ = try await PushReplay(store).push(changes, requestID: try #require(PushRequestID("5ea4c402")), account: alice, at: Sample.date)
        let deadline = ContinuousClock.now + .seconds(30)
        while try queued(path) > 0, ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(try queued(path) == 0, "the queue was indexed without a search asking")
        #expect(try await store.search(try SearchQuery("pier"), account: alice, tagged: nil, after: nil, limit: 5).notes.count == 5)
    }

    /// A migrated store in a new directory, catching up `pause` after a push, with one account.
    private func opened(_ prefix: String, pause: Duration) async throws
        -> (directory: URL, path: String, store: SQLiteServerStore, account: AccountID) {
        let directory = try temporaryDirectory(prefix)
        let path = directory.appendingPathComponent("quill.sqlite").path
        let store = try SQLiteServerStore(path: path, searchCatchUpPause: pause)
        try await store.migrate()
        return (directory, path, store, try await store.newAccount("alice"))
    }

    private func queued(_ path: String) throws -> Int {
        let connection = try SQLiteConnection(path: path, access: .readWrite, busyTimeout: .seconds(5))
        defer { connection.close() }
        var count: Int64 = 0
        try connection.query("SELECT count(*) FROM notes_search_queue") { count = $0.integer(0) }
        return Int(count)
    }
}
