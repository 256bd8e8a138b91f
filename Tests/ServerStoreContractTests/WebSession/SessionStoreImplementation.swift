import Foundation
import Logging
import PostgresNIO
import PostgresServerStore
import SQLiteServerStore
import ServerStoreInterface
import ServerStoreTesting

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
