import Foundation
import Logging
import PostgresNIO
@testable import PostgresServerStore
import ServerStoreInterface
@testable import SQLiteServerStore
import StandardInterfaces
import Testing

/// A database of the release before device login (SQLite schema 18, PostgreSQL 17), holding an
/// account, a token and a web session, upgrades in place: the session keeps working, gets the first
/// 16 digits of its hash as its ID and is listed, and devices can sign in.
@Suite struct DeviceLoginUpgradeTests {
    static let hash = TokenHash(bytes: Array(repeating: 0xab, count: 32))
    static let now = Date(timeIntervalSince1970: 1_767_225_600)

    static func exercise(_ store: some AccountRepository & WebSessionStore & DeviceAuthorizationStore,
                         migrate: () async throws -> Void) async throws {
        try await migrate()
        let ann = try #require(try await store.accountSummaries().first { $0.account.name == "ann" }).account
        let session = try #require(try await store.session(secretHash: Self.hash, at: Self.now))
        #expect(session.id == String(Self.hash.hex.prefix(16)) && session.account == ann.id && session.lastUsed == nil && session.device == nil)
        #expect(try await store.sessions(account: ann.id, at: Self.now).map(\.id) == [session.id])
        #expect(try await store.tokens(ofAccountNamed: "ann").map(\.lastAddress) == [nil])
        let request = DeviceAuthorizationContractTests.request("a", userCode: "BCDFGHJK")
        let created = try await store.createDeviceAuthorization(request)
        #expect(created)
        #expect(try await store.deleteSession(id: session.id, account: ann.id))
    }

    @Test func sqliteOfTheReleaseBeforeUpgrades() async throws {
        let directory = try temporaryDirectory("quill-upgrade-devices")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteServerStore(path: directory.appendingPathComponent("old.sqlite").path)
        defer { store.close() }
        try store.migrate(to: SQLiteMigrations.all.filter { $0.version <= 18 })
        let account = try await store.newAccount("ann")
        try store.guarded { connection in
            try connection.query("""
                INSERT INTO web_sessions (secret_hash, account_id, token_id, form_token, created_ms, expires_ms) VALUES (?, ?, ?, 'f', ?, ?)
                """, [.text(Self.hash.hex), .integer(account.rawValue), .text(TokenHash(bytes: Array("ann".utf8)).hex),
                      .integer(Self.now.millisecondsSince1970), .integer(Self.now.addingTimeInterval(3600).millisecondsSince1970)])
        }
        try await Self.exercise(store) { try await store.migrate() }
    }

    @Test(.enabled(if: TestPostgres.url != nil, "needs QUILL_TEST_POSTGRES_URL: run `Tools/with-postgres.sh swift test`"))
    func postgresOfTheReleaseBeforeUpgrades() async throws {
        try await TestPostgres.withStore(migratedTo: 17) { store in
            let account = try await store.newAccount("ann")
            let token = TokenHash(bytes: Array("ann".utf8)).hex
            try await store.client.query("""
                INSERT INTO web_sessions (secret_hash, account_id, token_id, form_token, created_ms, expires_ms)
                VALUES (\(Self.hash.hex), \(account.rawValue), \(token), 'f', \(Self.now.millisecondsSince1970),
                        \(Self.now.addingTimeInterval(3600).millisecondsSince1970))
                """, logger: Logger(label: "test.upgrade"))
            try await Self.exercise(store) { try await store.migrate() }
        }
    }
}
