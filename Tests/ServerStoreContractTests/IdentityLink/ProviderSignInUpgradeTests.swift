import Foundation
import Logging
import PostgresNIO
@testable import PostgresServerStore
import ServerStoreInterface
@testable import SQLiteServerStore
import StandardInterfaces
import Testing

/// A database of the release before sign-in through an identity provider (SQLite schema 19,
/// PostgreSQL 18), holding an account, a token and a web session with its browser and last use,
/// upgrades in place: the session is kept whole (SQLite remakes its table), identities can be
/// linked, sessions without a token opened, and sign-ins started.
@Suite struct ProviderSignInUpgradeTests {
    static let hash = TokenHash(bytes: Array(repeating: 0xcd, count: 32))
    static let now = Date(timeIntervalSince1970: 1_767_225_600)

    static func exercise(_ store: some AccountRepository & WebSessionStore & IdentityLinkStore & PendingSignInStore,
                         migrate: () async throws -> Void) async throws {
        try await migrate()
        let ann = try #require(try await store.accountSummaries().first { $0.account.name == "ann" }).account
        let session = try #require(try await store.session(secretHash: Self.hash, at: Self.now))
        #expect(session.id == "0123456789abcdef" && session.account == ann.id && session.device == "Firefox on Linux")
        #expect(session.address == "192.0.2.9" && session.lastUsed == Self.now && session.identityToken == nil)
        #expect(session.token == TokenID(TokenHash(bytes: Array("ann".utf8)).hex))
        let identity = ProviderIdentity(issuer: "https://id.example", subject: "ann")
        _ = try await store.linkIdentity(identity, toAccountNamed: "ann", at: Self.now)
        #expect(try await store.account(linkedTo: identity) == ann)
        let providerSession = WebSession(id: "fedcba9876543210", secretHash: TokenHash(bytes: [1]), account: ann.id, token: nil, formToken: "g",
                                         created: Self.now, expires: Self.now.addingTimeInterval(60), identityToken: "eyJ.eyJ.sig")
        try await store.createSession(providerSession)
        #expect(try await store.sessions(account: ann.id, at: Self.now).count == 2)
        let pending = PendingSignIn(stateHash: TokenHash(bytes: [2]), nonce: "n", verifier: "v", returnPath: "/", expires: Self.now.addingTimeInterval(600))
        try await store.createPendingSignIn(pending, at: Self.now)
        #expect(try await store.takePendingSignIn(stateHash: pending.stateHash, at: Self.now) == pending)
    }

    @Test func sqliteOfTheReleaseBeforeUpgrades() async throws {
        let directory = try temporaryDirectory("quill-upgrade-oidc")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteServerStore(path: directory.appendingPathComponent("old.sqlite").path)
        defer { store.close() }
        try store.migrate(to: SQLiteMigrations.all.filter { $0.version <= 19 })
        let account = try await store.newAccount("ann")
        try store.guarded { connection in
            try connection.query("""
                INSERT INTO web_sessions (secret_hash, account_id, token_id, form_token, created_ms, expires_ms, id, device, address, last_used_ms)
                VALUES (?, ?, ?, 'f', ?, ?, '0123456789abcdef', 'Firefox on Linux', '192.0.2.9', ?)
                """, [.text(Self.hash.hex), .integer(account.rawValue), .text(TokenHash(bytes: Array("ann".utf8)).hex),
                      .integer(Self.now.millisecondsSince1970), .integer(Self.now.addingTimeInterval(3600).millisecondsSince1970),
                      .integer(Self.now.millisecondsSince1970)])
        }
        try await Self.exercise(store) { try await store.migrate() }
    }

    @Test(.enabled(if: TestPostgres.url != nil, "needs QUILL_TEST_POSTGRES_URL: run `Tools/with-postgres.sh swift test`"))
    func postgresOfTheReleaseBeforeUpgrades() async throws {
        try await TestPostgres.withStore(migratedTo: 18) { store in
            let account = try await store.newAccount("ann")
            try await store.client.query("""
                INSERT INTO web_sessions (secret_hash, account_id, token_id, form_token, created_ms, expires_ms, id, device, address, last_used_ms)
                VALUES (\(Self.hash.hex), \(account.rawValue), \(TokenHash(bytes: Array("ann".utf8)).hex), 'f', \(Self.now.millisecondsSince1970),
                        \(Self.now.addingTimeInterval(3600).millisecondsSince1970), '0123456789abcdef', 'Firefox on Linux', '192.0.2.9',
                        \(Self.now.millisecondsSince1970))
                """, logger: Logger(label: "test.upgrade"))
            try await Self.exercise(store) { try await store.migrate() }
        }
    }
}
