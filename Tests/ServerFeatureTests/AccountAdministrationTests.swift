import Foundation
import Hummingbird
import HummingbirdTesting
import ServerFeature
import ServerStoreInterface
import StandardTesting
import Testing

/// `account list` and `account delete` through the feature: a deleted account's tokens stop
/// working once the lookup cache entry expires, and a token's use is recorded at most once a
/// minute, not once per request.
@Suite struct AccountAdministrationTests {
    func registration(_ server: TestServer) -> AccountRegistration {
        AccountRegistration(accounts: server.store, tokens: SequentialTokenGenerator(startingAfter: 100), hasher: MarkerTokenHasher(), clock: FixedClock(TestServer.now))
    }

    @Test func aDeletedAccountsTokenIsRefusedOnceTheCacheEntryExpires() async throws {
        let server = try await TestServer.make(clock: SteppingClock(start: TestServer.now, step: 31))
        try await server.test { client async throws in
            #expect(try await client.send(.get, "/v1/notes", as: .some(server.bob)).status == .ok)
            try await registration(server).delete(name: "bob")
            // Each request reads the clock 31 s later, past the lookup cache's lifetime.
            #expect(try await client.send(.get, "/v1/notes", as: .some(server.bob)).status == .unauthorized)
            #expect(try await client.send(.get, "/v1/notes").status == .ok)
        }
        #expect(try await registration(server).list().map(\.account.name) == ["alice"])
        await #expect(throws: ServerStoreError.accountNotFound("bob")) { try await registration(server).delete(name: "bob") }
    }

    @Test func aTokensUseIsRecordedAtMostOnceAMinute() async throws {
        let server = try await TestServer.make(clock: SteppingClock(start: TestServer.now, step: 20))
        try await server.test { client async throws in
            func aliceLastUsed() async throws -> Date? {
                try await server.store.accountSummaries().first { $0.account.name == "alice" }?.lastUsed
            }
            // Requests 20 s apart (the clock is read once per request): +0, +20, +40 s.
            for _ in 0..<3 { #expect(try await client.send(.get, "/v1/notes").status == .ok) }
            #expect(try await aliceLastUsed() == TestServer.now, "a use within a minute of the recorded one was written")
            // +60 s: a minute after the recorded use, so this one is written.
            #expect(try await client.send(.get, "/v1/notes").status == .ok)
            #expect(try await aliceLastUsed() == TestServer.now.addingTimeInterval(60))
        }
        #expect(try await server.store.accountSummaries().first { $0.account.name == "bob" }?.lastUsed == nil)
    }
}
