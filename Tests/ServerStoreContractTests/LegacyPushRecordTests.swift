import Foundation
import Logging
import PostgresNIO
@testable import PostgresServerStore
import QuillModels
import ServerFeature
import ServerStoreInterface
import SQLiteKit
@testable import SQLiteServerStore
import Testing

/// A database created before push digests were kept (SQLite schema version 3, PostgreSQL
/// version 2) keeps working after migrating: its recorded answers, which have no digest, are
/// still replayed for their request ID (whatever the retry carries, as before), and new
/// answers are bound to their digest.
@Suite struct LegacyPushRecordTests {
    /// The answer a legacy database holds under request ID "old".
    static func recorded() throws -> [PushOutcome] { [.applied(try Sample.note("a1"))] }
    static var recordedJSON: String {
        get throws { String(decoding: try NoteJSON.encoder.encode(try recorded()), as: UTF8.self) }
    }

    @Test func sqliteAnswersRecordedBeforeDigestsStillReplay() async throws {
        let directory = try temporaryDirectory("quill-legacy")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("quill.sqlite").path

        let legacy = try SQLiteConnection.serverStore(path: path)
        try legacy.execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_ms INTEGER NOT NULL)")
        for migration in SQLiteMigrations.all where migration.version <= 3 {
            try legacy.execute(migration.sql)
            try legacy.query("INSERT INTO schema_migrations (version, applied_ms) VALUES (?, 0)", [.integer(migration.version)])
        }
        try legacy.query("INSERT INTO accounts (name) VALUES ('alice')")
        try legacy.query("INSERT INTO push_requests (account_id, request_id, outcomes, created_ms) VALUES (1, 'old', ?, ?)",
                         [.text(try Self.recordedJSON), .integer(Sample.date.millisecondsSince1970)])
        legacy.close()

        let store = try SQLiteServerStore(path: path)
        defer { store.close() }
        try await store.migrate()
        try await Self.checkMigrated(store)
    }

    @Test(.enabled(if: TestPostgres.url != nil, "needs QUILL_TEST_POSTGRES_URL (Tools/with-postgres.sh)"))
    func postgresAnswersRecordedBeforeDigestsStillReplay() async throws {
        let database = try await TestPostgres.freshDatabase()
        let logger = Logger(label: "test.postgres.legacy")
        let legacy = PostgresClient(configuration: try PostgresURL.configuration(database.url), backgroundLogger: logger)
        let legacyRunning = Task { await legacy.run() }
        let outcomes = try Self.recordedJSON
        let created = Sample.date.millisecondsSince1970
        try await legacy.withTransaction(logger: logger) { connection in
            try await connection.query("CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY, applied_ms BIGINT NOT NULL)",
                                       logger: logger)
            for migration in PostgresMigrations.all where migration.version <= 2 {
                for statement in migration.statements { try await connection.query(statement, logger: logger) }
                try await connection.query("INSERT INTO schema_migrations (version, applied_ms) VALUES (\(migration.version), 0)",
                                           logger: logger)
            }
            try await connection.query("INSERT INTO accounts (name) VALUES ('alice')", logger: logger)
            try await connection.query("""
                INSERT INTO push_requests (account_id, request_id, outcomes, created_ms) VALUES (1, 'old', \(outcomes), \(created))
                """, logger: logger)
        }
        legacyRunning.cancel()
        _ = await legacyRunning.result

        let store = try PostgresServerStore(url: database.url, logger: logger)
        let running = Task { try await store.run() }
        do {
            try await store.migrate()
            try await Self.checkMigrated(store)
        } catch {
            running.cancel()
            _ = await running.result
            try await database.drop()
            throw error
        }
        running.cancel()
        _ = await running.result
        try await database.drop()
    }

    /// Account 1 has the answer `recorded` under request ID "old", stored without a digest.
    static func checkMigrated(_ store: any ServerNoteRepository) async throws {
        let account = AccountID(1)
        let retry = [PushedChange(note: try Sample.note("b2"), baseRevision: nil, mayMerge: false)]
        // Replayed whole, and without the span of the feed it wrote, which was not kept then.
        #expect(try await PushReplay(store).push(retry, requestID: try #require(PushRequestID("old")), account: account, at: Sample.date) == PushAnswer(outcomes: try recorded()))
        #expect(try await store.note(try #require(NoteID("b2")), account: account) == nil)

        let new = try #require(PushRequestID("new"))
        _ = try await PushReplay(store).pushOutcomes(retry, requestID: new, account: account, at: Sample.date)
        await #expect(throws: ServerStoreError.pushRequestReused(new)) {
            try await PushReplay(store).pushOutcomes([], requestID: new, account: account, at: Sample.date)
        }
    }
}
