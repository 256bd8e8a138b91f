import Foundation
import QuillModels
import ServerStoreInterface
@testable import SQLiteNoteRepository
import Testing

/// A database created before push digests were kept (schema version 3) keeps working after
/// migrating: its recorded answers, which have no digest, are still replayed for their request
/// ID (whatever the retry carries, as before), and new answers are bound to their digest.
@Suite struct LegacyPushRecordTests {
    @Test func sqliteAnswersRecordedBeforeDigestsStillReplay() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quill-legacy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("quill.sqlite").path

        let note = try Sample.note("a1")
        let recorded = [PushOutcome.applied(note)]
        let legacy = try SQLiteConnection(path: path)
        try legacy.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_ms INTEGER NOT NULL)")
        for migration in SQLiteMigrations.all where migration.version <= 3 {
            try legacy.execute(migration.sql)
            try legacy.query("INSERT INTO schema_migrations (version, applied_ms) VALUES (?, 0)", [.integer(migration.version)])
        }
        try legacy.query("INSERT INTO accounts (name) VALUES ('alice')")
        try legacy.query("INSERT INTO push_requests (account_id, request_id, outcomes, created_ms) VALUES (1, 'old', ?, ?)",
                         [.text(String(decoding: try NoteJSON.encoder.encode(recorded), as: UTF8.self)),
                          .integer(Sample.date.millisecondsSince1970)])
        legacy.close()

        let store = try SQLiteServerStore(path: path)
        defer { store.close() }
        try await store.migrate()
        let account = AccountID(1)
        let retry = [PushChange(note: try Sample.note("b2"), baseRevision: nil)]
        #expect(try await store.push(retry, requestID: try #require(PushRequestID("old")), digest: PushDigest("any"),
                                     account: account, at: Sample.date) == recorded)
        #expect(try await store.note(try #require(NoteID("b2")), account: account) == nil)

        let new = try #require(PushRequestID("new"))
        _ = try await store.push(retry, requestID: new, digest: PushDigest("d1"), account: account, at: Sample.date)
        await #expect(throws: ServerStoreError.pushRequestReused(new)) {
            try await store.push([], requestID: new, digest: PushDigest("d2"), account: account, at: Sample.date)
        }
    }
}
