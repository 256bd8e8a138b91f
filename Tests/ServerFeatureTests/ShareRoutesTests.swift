import Foundation
import QuillAPI
import ServerFeature
import ServerStoreInterface
import StandardInterfaces
import StandardTesting
import Testing

/// `POST /v1/notes/{id}/shares`, `GET /v1/shares`, `DELETE /v1/shares/{id}` (docs/sharing.md):
/// terms are checked, each account sees and revokes only its own shares, a read-only token makes
/// none.
@Suite struct ShareRoutesTests {
    @Test func aShareIsMadeListedAndRevoked() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            try await client.send(.post, "/v1/notes", json: JSONSamples.note("a1"))
            let made = try await client.send(.post, "/v1/notes/a1/shares", json: #"{"views": 2, "expires": "2026-02-01T00:00:00Z", "snapshot": true}"#)
            #expect(made.status == .created)
            let share = try made.decoded(ShareBody.self)
            #expect(share.note.rawValue == "a1" && share.state == "active" && share.viewLimit == 2 && share.views == 0 && share.snapshot == 1)
            #expect(share.path.hasPrefix("/s/") && share.path.count > 3)
            #expect(share.expires?.description == "2026-02-01T00:00:00.000Z")
            let open = try await client.send(.post, "/v1/notes/a1/shares", json: "{}").decoded(ShareBody.self)
            #expect(open.viewLimit == nil && open.expires == nil && open.snapshot == nil && open.path != share.path)

            let listed = try await client.send(.get, "/v1/shares").decoded(ShareListBody.self)
            #expect(Set(listed.shares.map(\.id)) == [share.id, open.id])
            #expect(try await client.send(.get, "/v1/shares", as: client.bob).decoded(ShareListBody.self).shares.isEmpty)

            #expect(try await client.send(.delete, "/v1/shares/\(share.id)", as: client.bob).status == .notFound, "bob cannot revoke alice's")
            #expect(try await client.send(.delete, "/v1/shares/\(share.id)").status == .noContent)
            #expect(try await client.send(.delete, "/v1/shares/\(share.id)").status == .noContent, "revoking twice is no error")
            let after = try await client.send(.get, "/v1/shares").decoded(ShareListBody.self)
            #expect(after.shares.first { $0.id == share.id }?.state == "revoked")
            #expect(try await client.send(.delete, "/v1/shares/ffff").status == .notFound)
            #expect(try await client.send(.delete, "/v1/shares/not-hex").status == .badRequest)
        }
    }

    @Test func termsOutOfBoundsAndMissingNotesAreRefused() async throws {
        let server = try await TestServer.make()
        try await server.test { client in
            try await client.send(.post, "/v1/notes", json: JSONSamples.note("a1"))
            for terms in [#"{"expires": "2025-01-01T00:00:00Z"}"#, #"{"view": 3}"#, #"{"expires": "2300-01-01T00:00:00Z"}"#, #"{"views": 0}"#,
                          #"{"views": 1000001}"#, #"{"views": "3"}"#, "[]", "not json"] {
                let answer = try await client.send(.post, "/v1/notes/a1/shares", json: terms)
                #expect(answer.status == .badRequest, "\(terms)")
            }
            #expect(try await client.send(.post, "/v1/notes/b9/shares", json: "{}").status == .notFound)
            #expect(try await client.send(.post, "/v1/notes/a1/shares", as: client.bob, json: "{}").status == .notFound, "bob's account has no a1")
            try await client.send(.delete, "/v1/notes/a1", headers: [.ifMatch: "\"1\""])
            #expect(try await client.send(.post, "/v1/notes/a1/shares", json: "{}").status == .notFound, "a deleted note cannot be shared")
        }
    }

    @Test func aReadOnlyTokenListsButMakesAndRevokesNone() async throws {
        let server = try await TestServer.make()
        let reader = try await AccountRegistration(accounts: server.store, tokens: SequentialTokenGenerator(startingAfter: 100), hasher: MarkerTokenHasher(),
                                                   clock: FixedClock(TestServer.now.addingTimeInterval(-60)))
            .issueToken(forAccountNamed: "alice", scope: .readOnly, label: nil, expires: nil)
        try await server.test { client in
            try await client.send(.post, "/v1/notes", json: JSONSamples.note("a1"))
            let share = try await client.send(.post, "/v1/notes/a1/shares", json: "{}").decoded(ShareBody.self)
            #expect(try await client.send(.post, "/v1/notes/a1/shares", as: reader, json: "{}").status == .forbidden)
            #expect(try await client.send(.delete, "/v1/shares/\(share.id)", as: reader).status == .forbidden)
            #expect(try await client.send(.get, "/v1/shares", as: reader).decoded(ShareListBody.self).shares.map(\.id) == [share.id])
        }
    }
}
