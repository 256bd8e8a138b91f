import Foundation
import Logging
@testable import PostgresServerStore
import QuillModels
import ServerStoreInterface
@testable import SQLiteServerStore
import StandardInterfaces
import Testing

/// A database of the release before share links (SQLite schema 17, PostgreSQL 16), holding an
/// account and a note, upgrades in place: the note is intact and can be shared, and deleting the
/// account removes its shares.
@Suite struct ShareUpgradeTests {
    static func exercise(_ store: some ServerNoteRepository & AccountRepository & ShareStore, migrate: () async throws -> Void) async throws {
        let account = try await store.newAccount("alice")
        let note = try await store.create(try Sample.note("c1", title: "Kept", body: "from before"), account: account)
        try await migrate()
        #expect(try await store.note(note.id, account: account) == note)
        let share = try ShareContractTests.share("aa", account: account, note: "c1")
        try await store.createShare(share)
        #expect(try await store.share(secret: share.secret) == share)
        try await store.deleteAccount(named: "alice")
        #expect(try await store.share(secret: share.secret) == nil)
    }

    @Test func sqliteOfTheReleaseBeforeUpgrades() async throws {
        let directory = try temporaryDirectory("quill-upgrade")
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = try SQLiteServerStore(path: directory.appendingPathComponent("old.sqlite").path)
        defer { store.close() }
        try store.migrate(to: SQLiteMigrations.all.filter { $0.version <= 17 })
        try await Self.exercise(store) { try await store.migrate() }
    }

    @Test(.enabled(if: TestPostgres.url != nil, "needs QUILL_TEST_POSTGRES_URL: run `Tools/with-postgres.sh swift test`"))
    func postgresOfTheReleaseBeforeUpgrades() async throws {
        try await TestPostgres.withStore(migratedTo: 16) { store in try await Self.exercise(store) { try await store.migrate() } }
    }
}

/// A backup holds the shares, web sessions, devices waiting to sign in and provider identities
/// linked to accounts with the notes, and a
/// restore brings back each in its state: a revoked link stays revoked, a counted view stays
/// counted, a session and a device's approval are there as they were.
@Suite struct ShareBackupTests {
    @Test func aRestoredSQLiteStoreKeepsItsSharesSessionsAndDevices() async throws {
        let directory = try temporaryDirectory("quill-share-backup")
        defer { try? FileManager.default.removeItem(at: directory) }
        let original = directory.appendingPathComponent("quill.sqlite").path
        let store = try SQLiteServerStore(path: original)
        try await store.migrate()
        let account = try await store.newAccount("alice")
        let open = try ShareContractTests.share("b1", account: account), revoked = try ShareContractTests.share("b2", account: account, limit: 5)
        try await store.createShare(open)
        try await store.createShare(revoked)
        #expect(try await store.recordView(of: revoked.id, below: 5))
        _ = try await store.revokeShare(revoked.id, account: account, at: ShareContractTests.now)
        let expected = try await store.shares(account: account)
        let session = WebSession(id: "0123456789abcdef", secretHash: TokenHash(bytes: [7]), account: account, token: TokenID(7),
                                 formToken: "f", created: ShareContractTests.now, expires: ShareContractTests.now.addingTimeInterval(3600),
                                 device: "Firefox on Linux", address: "192.0.2.1", lastUsed: ShareContractTests.now)
        try await store.createSession(session)
        let providerSession = WebSession(id: "fedcba9876543210", secretHash: TokenHash(bytes: [8]), account: account, token: nil, formToken: "g",
                                         created: ShareContractTests.now, expires: ShareContractTests.now.addingTimeInterval(3600),
                                         identityToken: "eyJ.eyJ.sig")
        try await store.createSession(providerSession)
        let identity = ProviderIdentity(issuer: "https://id.example", subject: "alice-at-provider")
        _ = try await store.linkIdentity(identity, toAccountNamed: "alice", at: ShareContractTests.now)
        let device = DeviceAuthorizationContractTests.request("d", userCode: "BCDFGHJK")
        _ = try await store.createDeviceAuthorization(device)
        let approval = DeviceDecision.approved(account: Account(id: account, name: "alice"), scope: .readOnly, tokenExpires: nil)
        _ = try await store.decideDeviceAuthorization(userCode: "BCDFGHJK", approval, at: DeviceAuthorizationContractTests.now)
        store.close()

        let backup = directory.appendingPathComponent("backup.sqlite").path
        _ = try SQLiteBackup.backup(databaseAt: original, to: backup)
        let restoredPath = directory.appendingPathComponent("restored/quill.sqlite").path
        _ = try SQLiteBackup.restore(from: backup, toDatabaseAt: restoredPath)
        let restored = try SQLiteServerStore(path: restoredPath)
        defer { restored.close() }
        try await restored.migrate()
        #expect(try await restored.shares(account: account) == expected)
        #expect(try await restored.session(secretHash: session.secretHash, at: ShareContractTests.now) == session)
        #expect(try await restored.session(secretHash: providerSession.secretHash, at: ShareContractTests.now) == providerSession)
        #expect(try await restored.account(linkedTo: identity)?.id == account)
        let restoredDevice = try await restored.pollDeviceAuthorization(deviceCodeHash: device.deviceCodeHash, at: DeviceAuthorizationContractTests.now)
        #expect(restoredDevice?.decision == approval)
        #expect(expected.first { $0.id == revoked.id }?.views == 1 && expected.first { $0.id == revoked.id }?.revoked != nil)
    }
}
