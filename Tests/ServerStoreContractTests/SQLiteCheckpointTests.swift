import Foundation
import QuillModels
import ServerFeature
import ServerStoreInterface
@testable import SQLiteServerStore
import Testing

/// The SQLite store copies what a write put in the WAL into the database file on a thread of its
/// own (`SQLiteCheckpointer`), not only once the WAL reaches the writer's own threshold.
@Suite struct SQLiteCheckpointTests {
    @Test func aWritesPagesReachTheDatabaseFileWithoutAnotherWriteOrAClose() async throws {
        let directory = try temporaryDirectory("quill-checkpoint")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("quill.sqlite").path
        let store = try SQLiteServerStore(path: path)
        defer { store.close() }
        try await store.migrate()
        let alice = try await store.newAccount("alice")
        let before = try fileSize(path)
        // About 2 MiB: far below the 16 MiB at which the writer would checkpoint by itself.
        let body = String(repeating: "checkpointed text ", count: 220)
        let changes = try (0..<500).map { PushedChange(note: try Sample.note(String(format: "c%05x", $0), body: body), baseRevision: nil, mayMerge: false) }
        _ = try await PushReplay(store).push(changes, requestID: try #require(PushRequestID("c0ffee01")),
                                             account: alice, at: Sample.date)
        let deadline = ContinuousClock.now + .seconds(10)
        while try fileSize(path) < before + 2_000_000, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(try fileSize(path) >= before + 2_000_000, "the pushed notes' pages are in the database file, not only in its WAL")
        #expect(try await store.note(changes[499].note.id, account: alice)?.body == body)
    }

    private func fileSize(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    }
}
