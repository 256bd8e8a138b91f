import Foundation
import ServerStoreInterface
import StandardInterfaces
import Testing

/// The behaviour every web session store must have, run against memory, SQLite and PostgreSQL.
@Suite struct WebSessionContractTests {
    static let implementations = SessionStoreImplementation.all.filter(\.isAvailable)
    static let now = Date(timeIntervalSince1970: 1_767_225_600.123)

    static func session(_ secret: String, account: Int64 = 1, expiresIn seconds: TimeInterval = 3600, lastUsed: Date? = nil) -> WebSession {
        WebSession(id: "id-\(secret)", secretHash: TokenHash(bytes: Array("hash:\(secret)".utf8)), account: AccountID(account),
                   token: TokenID(UInt64(account)), formToken: "form-\(secret)", created: now, expires: now.addingTimeInterval(seconds),
                   device: "Firefox on Linux — 火狐", address: "192.0.2.\(account)", lastUsed: lastUsed)
    }

    @Test(.enabled(if: TestPostgres.url != nil, "PostgreSQL session contract tests skipped: run `Tools/with-postgres.sh swift test`"))
    func postgresIsPartOfTheSuite() {
        #expect(Self.implementations.contains { $0.name == "PostgreSQL" })
    }

    @Test(arguments: implementations)
    func aStoredSessionIsFoundByItsSecretHashAsStored(_ implementation: SessionStoreImplementation) async throws {
        try await implementation.withStore { store in
            let session = Self.session("a")
            try await store.createSession(session)
            let found = try #require(try await store.session(secretHash: session.secretHash, at: Self.now))
            #expect(found == session)
            #expect(try await store.session(secretHash: Self.session("other").secretHash, at: Self.now) == nil)
        }
    }

    @Test(arguments: implementations)
    func aSessionOfTheIdentityProviderIsKeptWithoutATokenAndWithItsIDToken(_ implementation: SessionStoreImplementation) async throws {
        try await implementation.withStore { store in
            let session = WebSession(id: "id-oidc", secretHash: TokenHash(bytes: Array("hash:oidc".utf8)), account: AccountID(7), token: nil,
                                     formToken: "form-oidc", created: Self.now, expires: Self.now.addingTimeInterval(3600), device: "Chrome on Linux",
                                     address: "2001:db8::1", lastUsed: Self.now, identityToken: "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiLjgqLjg7MifQ.c2ln")
            try await store.createSession(session)
            let found = try #require(try await store.session(secretHash: session.secretHash, at: Self.now))
            #expect(found == session)
            #expect(found.token == nil)
            #expect(try await store.sessions(account: AccountID(7), at: Self.now) == [session])
        }
    }

    @Test(arguments: implementations)
    func anExpiredSessionIsRefusedAndForgotten(_ implementation: SessionStoreImplementation) async throws {
        try await implementation.withStore { store in
            let session = Self.session("a", expiresIn: 60)
            try await store.createSession(session)
            #expect(try await store.session(secretHash: session.secretHash, at: Self.now.addingTimeInterval(59)) != nil)
            #expect(try await store.session(secretHash: session.secretHash, at: Self.now.addingTimeInterval(60)) == nil)
            // Forgotten: even a clock turned back does not bring it back.
            #expect(try await store.session(secretHash: session.secretHash, at: Self.now) == nil)
        }
    }

    @Test(arguments: implementations)
    func signingOutEndsOnlyThatSession(_ implementation: SessionStoreImplementation) async throws {
        try await implementation.withStore { store in
            let (first, second) = (Self.session("a"), Self.session("b"))
            try await store.createSession(first)
            try await store.createSession(second)
            #expect(try await store.deleteSession(secretHash: first.secretHash))
            #expect(try await !store.deleteSession(secretHash: first.secretHash))
            #expect(try await store.session(secretHash: first.secretHash, at: Self.now) == nil)
            #expect(try await store.session(secretHash: second.secretHash, at: Self.now) == second)
        }
    }

    @Test(arguments: implementations)
    func revokingAnAccountsSessionsLeavesOtherAccounts(_ implementation: SessionStoreImplementation) async throws {
        try await implementation.withStore { store in
            try await store.createSession(Self.session("a1", account: 1))
            try await store.createSession(Self.session("a2", account: 1))
            try await store.createSession(Self.session("b1", account: 2))
            #expect(try await store.deleteSessions(account: AccountID(1)) == 2)
            #expect(try await store.deleteSessions(account: AccountID(1)) == 0)
            #expect(try await store.session(secretHash: Self.session("a2").secretHash, at: Self.now) == nil)
            #expect(try await store.session(secretHash: Self.session("b1", account: 2).secretHash, at: Self.now) != nil)
        }
    }

    @Test(arguments: implementations)
    func anAccountsLiveSessionsAreListedLatestUsedFirst(_ implementation: SessionStoreImplementation) async throws {
        try await implementation.withStore { store in
            try await store.createSession(Self.session("old", lastUsed: Self.now.addingTimeInterval(-600)))
            try await store.createSession(Self.session("new", lastUsed: Self.now.addingTimeInterval(-60)))
            try await store.createSession(Self.session("never"))
            try await store.createSession(Self.session("gone", expiresIn: 1))
            try await store.createSession(Self.session("bob", account: 2))
            let listed = try await store.sessions(account: AccountID(1), at: Self.now.addingTimeInterval(1))
            #expect(listed.map(\.id) == ["id-never", "id-new", "id-old"], "a session never used counts from its creation")
            #expect(listed.last == Self.session("old", lastUsed: Self.now.addingTimeInterval(-600)), "kept as made")
        }
    }

    @Test(arguments: implementations)
    func aSessionIsEndedByItsIDOnlyByItsAccount(_ implementation: SessionStoreImplementation) async throws {
        try await implementation.withStore { store in
            try await store.createSession(Self.session("a", account: 1))
            #expect(try await !store.deleteSession(id: "id-a", account: AccountID(2)))
            #expect(try await store.session(secretHash: Self.session("a").secretHash, at: Self.now) != nil)
            #expect(try await store.deleteSession(id: "id-a", account: AccountID(1)))
            #expect(try await store.session(secretHash: Self.session("a").secretHash, at: Self.now) == nil)
            #expect(try await !store.deleteSession(id: "id-a", account: AccountID(1)))
        }
    }

    @Test(arguments: implementations)
    func aUseIsRecordedWithItsAddressAndNeverMovesBack(_ implementation: SessionStoreImplementation) async throws {
        try await implementation.withStore { store in
            let session = Self.session("a")
            try await store.createSession(session)
            let later = Self.now.addingTimeInterval(120)
            try await store.recordUse(ofSession: session.secretHash, at: later, address: "203.0.113.9")
            try await store.recordUse(ofSession: session.secretHash, at: Self.now.addingTimeInterval(60), address: "198.51.100.2")
            let found = try #require(try await store.session(secretHash: session.secretHash, at: later))
            #expect(found.lastUsed == later && found.address == "203.0.113.9")
            try await store.recordUse(ofSession: session.secretHash, at: later.addingTimeInterval(60), address: nil)
            let kept = try #require(try await store.session(secretHash: session.secretHash, at: later))
            #expect(kept.address == "203.0.113.9", "a use without an address keeps the last one known")
        }
    }

    @Test(arguments: implementations)
    func expiredSessionsAreSweptAndLiveOnesKept(_ implementation: SessionStoreImplementation) async throws {
        try await implementation.withStore { store in
            try await store.createSession(Self.session("short", expiresIn: 10))
            try await store.createSession(Self.session("long", expiresIn: 1000))
            #expect(try await store.deleteExpiredSessions(at: Self.now.addingTimeInterval(10)) == 1)
            #expect(try await store.session(secretHash: Self.session("long").secretHash, at: Self.now.addingTimeInterval(10)) != nil)
        }
    }
}
