import Foundation
import Logging
import PostgresNIO
import PostgresServerStore
import QuillModels
import SQLiteServerStore
import ServerStoreInterface
import StandardInterfaces
import ServerStoreTesting

typealias ServerStore = ServerNoteRepository & AccountRepository & SchemaMigrating & ReadinessChecking & ServerAttachmentRepository & ServerLinkRepository & ShareStore & PublishedSiteStore
    & DeviceAuthorizationStore

/// Every server store: the in-memory one, SQLite in a temporary file, and PostgreSQL when
/// `QUILL_TEST_POSTGRES_URL` names a cluster (Tools/with-postgres.sh starts one).
struct ServerStoreKind: Sendable, CustomStringConvertible {
    let description: String
    let make: @Sendable () async throws -> (store: any ServerStore, close: @Sendable () async throws -> Void)

    static let available: [ServerStoreKind] = [inMemory, sqlite] + (PropertyPostgres.url == nil ? [] : [postgres])

    static let inMemory = ServerStoreKind(description: "in-memory") { (InMemoryServerStore(), {}) }

    static let sqlite = ServerStoreKind(description: "SQLite") {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("quill-property-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let store = try SQLiteServerStore(path: directory.appendingPathComponent("quill.sqlite").path)
        return (store, {
            store.close()
            try FileManager.default.removeItem(at: directory)
        })
    }

    static let postgres = ServerStoreKind(description: "PostgreSQL") {
        let database = try await PropertyPostgres.freshDatabase()
        let store = try PostgresServerStore(url: database.url, logger: Logger(label: "test.postgres"))
        let running = Task { try await store.run() }
        return (store, {
            running.cancel()
            _ = await running.result
            try await database.drop()
        })
    }

    func withStore(_ body: (any ServerStore) async throws -> Void) async throws {
        let (store, close) = try await make()
        do {
            try await store.migrate()
            try await body(store)
        } catch {
            try await close()
            throw error
        }
        try await close()
    }
}

/// Throwaway databases in the test cluster, one per test.
enum PropertyPostgres {
    static let url = ProcessInfo.processInfo.environment["QUILL_TEST_POSTGRES_URL"].flatMap { $0.isEmpty ? nil : $0 }

    struct Database {
        let url: String
        let drop: @Sendable () async throws -> Void
    }

    struct Unavailable: Error {}

    static func freshDatabase() async throws -> Database {
        guard let base = url, var components = URLComponents(string: base) else { throw Unavailable() }
        let name = "quill_property_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
        try await admin(base) { try await $0.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)")) }
        components.path = "/\(name)"
        let url = components.string ?? base
        return Database(url: url, drop: {
            try await admin(base) { try await $0.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(name) WITH (FORCE)")) }
        })
    }

    private static func admin(_ base: String, _ body: (PostgresClient) async throws -> Void) async throws {
        guard let components = URLComponents(string: base), let host = components.host, let user = components.user else { throw Unavailable() }
        let client = PostgresClient(
            configuration: .init(host: host, port: components.port ?? 5432, username: user, password: components.password,
                                 database: String(components.path.dropFirst()), tls: .disable),
            backgroundLogger: Logger(label: "test.postgres.admin"))
        let running = Task { await client.run() }
        defer { running.cancel() }
        try await body(client)
    }
}

extension ServerNoteRepository where Self: AccountRepository {
    func newAccount(_ name: String) async throws -> AccountID {
        let hash = TokenHash(bytes: Array(name.utf8))
        guard let tokenID = TokenID(hash.hex) else { throw ServerStoreError.corrupt("test account name too long") }
        return try await createAccount(named: name, token: StoredToken(id: tokenID, hash: hash)).id
    }
}
