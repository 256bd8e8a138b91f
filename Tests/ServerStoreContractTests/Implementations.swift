import Foundation
import Logging
import PostgresNIO
@testable import PostgresServerStore
import SQLiteKit
import SQLiteServerStore
import Testing

extension Implementation {
    static let all: [Implementation] = [.inMemory, .sqlite, .postgres]

    /// A fresh SQLite file in a temporary directory, removed afterwards.
    static let sqlite = Implementation(name: "SQLite", isAvailable: true, keepsEncodedNotes: true, canBeDamaged: true) {
        let directory = try temporaryDirectory("quill-sqlite")
        let path = directory.appendingPathComponent("quill.sqlite").path
        let store = try SQLiteServerStore(path: path)
        return Opened(store: store, close: {
            store.close()
            try expectOnlyLiveNotesQueued(path)
            try FileManager.default.removeItem(at: directory)
        }, damage: .sqlite(path: path))
    }

    /// A fresh database in the cluster `QUILL_TEST_POSTGRES_URL` names (Tools/with-postgres.sh
    /// starts one); skipped, with a message, when the variable is not set.
    static let postgres = Implementation(name: "PostgreSQL", isAvailable: TestPostgres.url != nil, keepsEncodedNotes: true,
                                          canBeDamaged: true) {
        let url = try await TestPostgres.freshDatabase()
        let store = try PostgresServerStore(url: url.url, logger: Logger(label: "test.postgres"))
        let running = Task { try await store.run() }
        return Opened(store: store, close: {
            running.cancel()
            _ = await running.result
            try await url.drop()
        }, damage: .postgres(url: url.url))
    }
}

/// The test cluster, and throwaway databases in it (one per test, so tests run in parallel).
enum TestPostgres {
    static let url = ProcessInfo.processInfo.environment["QUILL_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    struct Database {
        let url: String
        let drop: @Sendable () async throws -> Void
    }

    /// A store over a fresh database migrated to `version` only (the schema of an earlier
    /// release), running while `body` upgrades and checks it; the database is dropped afterwards.
    static func withStore(migratedTo version: Int64, _ body: (PostgresServerStore) async throws -> Void) async throws {
        let database = try await freshDatabase()
        do {
            let store = try PostgresServerStore(url: database.url, logger: Logger(label: "test.upgrade"))
            let running = Task { try await store.run() }
            defer { running.cancel() }
            try await migrate(store, to: version)
            try await body(store)
        } catch {
            try await database.drop()
            throw error
        }
        try await database.drop()
    }

    /// Migrates `store` to `version` only. This release's store writes each note's `document`,
    /// which version 21 added (the other columns it writes are older than every version the
    /// tests start from), so an earlier schema gets that column beside it, and migration 21
    /// keeps a column that is there.
    static func migrate(_ store: PostgresServerStore, to version: Int64) async throws {
        try await store.migrate(to: PostgresMigrations.all.filter { $0.version <= version })
        if version < 21 {
            try await store.client.query("ALTER TABLE notes ADD COLUMN document TEXT", logger: Logger(label: "test.upgrade"))
        }
    }

    static func freshDatabase() async throws -> Database {
        guard let base = url, var components = URLComponents(string: base) else { throw PostgresUnavailable() }
        let name = "quill_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        try await admin(base) { try await $0.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)")) }
        components.path = "/\(name)"
        let url = components.string ?? base
        return Database(url: url, drop: {
            try await admin(base) { try await $0.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")) }
        })
    }

    private static func admin(_ base: String, _ body: (PostgresClient) async throws -> Void) async throws {
        guard let components = URLComponents(string: base), let host = components.host, let user = components.user else {
            throw PostgresUnavailable()
        }
        let client = PostgresClient(
            configuration: .init(host: host, port: components.port ?? 5432, username: user, password: components.password,
                                 database: String(components.path.dropFirst()), tls: .disable),
            backgroundLogger: Logger(label: "test.postgres.admin"))
        let running = Task { await client.run() }
        defer { running.cancel() }
        try await body(client)
    }

    struct PostgresUnavailable: Error {}
}

/// Search text left queued (`SearchTextQueue`: a push leaves its notes' text to the next search)
/// is only ever a live note's: whatever a contract test did, the triggers kept the queue to notes
/// that a search must still index.
private func expectOnlyLiveNotesQueued(_ path: String) throws {
    let connection = try SQLiteConnection(path: path, access: .readWrite, busyTimeout: .seconds(5))
    defer { connection.close() }
    var tables: Int64 = 0
    try connection.query("SELECT count(*) FROM sqlite_schema WHERE name = 'notes_search_queue'") { tables = $0.integer(0) }
    guard tables > 0 else { return } // a store not migrated so far
    var strays: Int64 = 0
    try connection.query("""
        SELECT count(*) FROM notes_search_queue q LEFT JOIN notes n ON n.rowid = q.row WHERE n.rowid IS NULL OR n.deleted != 0
        """) { strays = $0.integer(0) }
    #expect(strays == 0, "the search text queue holds rows of notes that are deleted or gone")
}
