import Foundation
import Hummingbird
import HummingbirdTesting
import ServerFeature
import ServerStoreInterface
import StandardTesting
import Testing

/// Tokens beyond the first: issuing more, revoking one, and how soon a revocation bites.
@Suite struct TokenTests {
    func registration(_ server: TestServer) -> AccountRegistration {
        AccountRegistration(accounts: server.store, tokens: SequentialTokenGenerator(startingAfter: 100), hasher: MarkerTokenHasher(), clock: FixedClock(TestServer.now))
    }

    @Test func aSecondTokenWorksAndRevokingOneLeavesTheOther() async throws {
        let server = try await TestServer.make(clock: SteppingClock(start: TestServer.now, step: 31))
        let second = try await registration(server).issueToken(forAccountNamed: "alice")
        try await server.test { client async throws in
            #expect(try await client.send(.get, "/v1/notes", as: .some(second)).status == .ok)
            #expect(try await registration(server).revoke(server.alice.description))
            // Each request reads the clock 31 s later, past the lookup cache's lifetime.
            #expect(try await client.send(.get, "/v1/notes", as: .some(server.alice)).status == .unauthorized)
            #expect(try await client.send(.get, "/v1/notes", as: .some(second)).status == .ok)
            #expect(try await registration(server).revoke(second.id.rawValue))
            #expect(try await client.send(.get, "/v1/notes", as: .some(second)).status == .unauthorized)
        }
    }

    @Test func aRevokedTokenIsRefusedOnceTheLookupCacheEntryExpires() async throws {
        let server = try await TestServer.make()
        try await server.test { client async throws in
            #expect(try await client.send(.get, "/v1/notes").status == .ok)
            #expect(try await registration(server).revoke(server.alice.description))
            // The clock stands still: the cached lookup is still fresh, so the token still works.
            #expect(try await client.send(.get, "/v1/notes").status == .ok)
        }
    }

    @Test func badInputIsAClearError() async throws {
        let server = try await TestServer.make()
        await #expect(throws: ServerStoreError.accountNotFound("carol")) {
            try await registration(server).issueToken(forAccountNamed: "carol")
        }
        await #expect(throws: AccountRegistration.Failure.notAToken("quill_zz")) { try await registration(server).revoke("quill_zz") }
        #expect(try await !registration(server).revoke("00000000000000ff"))
    }

    /// Two `Authorization` fields are not one credential: refused, whichever of them is right.
    @Test func twoAuthorizationFieldsAreRefused() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            var fields = HTTPFields()
            fields.append(HTTPFields.Element(name: .authorization, value: "Bearer \(server.alice)"))
            fields.append(HTTPFields.Element(name: .authorization, value: "Bearer \(server.alice)"))
            let twice = try await client.base.execute(uri: "/v1/notes", method: .get, headers: fields, body: nil)
            #expect(twice.status == .unauthorized)
            let once = try await client.send(.get, "/v1/notes")
            #expect(once.status == .ok)
        }
    }
}
