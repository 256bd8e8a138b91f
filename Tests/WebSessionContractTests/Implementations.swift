import Foundation
import Logging
import PostgresNIO
import PostgresNoteRepository
import SQLiteNoteRepository
import ServerStoreInterface
import WebSessionInterface
import WebSessionTesting

/// One session store under contract test: how to make a fresh, migrated, empty one.
struct SessionStoreImplementation: Sendable, CustomStringConvertible {
    let name: String
    let isAvailable: Bool
    let make: @Sendable () async throws -> (store: any WebSessionStore, close: @Sendable () async throws -> Void)

    var description: String { name }

    func withStore(_ body: (any WebSessionStore) async throws -> Void) async throws {
        let opened = try await make()
        do { try await body(opened.store) } catch {
            try await opened.close()
            throw error
        }
        try await opened.close()
    }

    static let all: [SessionStoreImplementation] = [inMemory, sqlite, postgres]

    static let inMemory = SessionStoreImplementation(name: "in-memory", isAvailable: true) {
        (InMemoryWebSessionStore(), {})
    }

    /// A fresh SQLite file (migrated: the sessions table is migration 7), removed afterwards.
    static let sqlite = SessionStoreImplementation(name: "SQLite", isAvailable: true) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quill-sessions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try SQLiteServerStore(path: directory.appendingPathComponent("quill.sqlite").path)
        try await store.migrate()
        return (store, {
            store.close()
            try FileManager.default.removeItem(at: directory)
        })
    }

    /// A fresh database in the cluster `QUILL_TEST_POSTGRES_URL` names (Tools/with-postgres.sh); skipped without it.
    static let postgres = SessionStoreImplementation(name: "PostgreSQL", isAvailable: TestPostgres.url != nil) {
        let database = try await TestPostgres.freshDatabase()
        let store = try PostgresServerStore(url: database.url, logger: Logger(label: "test.postgres"))
        let running = Task { try await store.run() }
        try await store.migrate()
        return (store, {
            running.cancel()
            _ = await running.result
            try await database.drop()
        })
    }
}

/// The test cluster, and throwaway databases in it (one per test, so tests run in parallel).
enum TestPostgres {
    static let url = ProcessInfo.processInfo.environment["QUILL_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    struct Database {
        let url: String
        let drop: @Sendable () async throws -> Void
    }

    static func freshDatabase() async throws -> Database {
        guard let base = url, var components = URLComponents(string: base) else { throw PostgresUnavailable() }
        let name = "quill_sessions_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
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
