import Foundation
import QuillAPI
import QuillModels
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

            // A share's token opens its page and nothing else: as a bearer token it is refused.
            let secret = String(open.path.dropFirst(3))
            #expect(try await client.send(.get, "/v1/notes/a1", as: .some(nil), headers: [.authorization: "Bearer \(secret)"]).status == .unauthorized)
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

/// `ShareRules`, the one place sharing's rules live.
@Suite struct ShareRulesTests {
    static let now = Date(timeIntervalSince1970: 1_767_225_600)

    func share(expires: Date? = nil, limit: Int? = nil, views: Int = 0, revoked: Date? = nil) throws -> Share {
        Share(id: try #require(ShareID("a1")), secret: String(repeating: "ab", count: 32), account: AccountID(1), note: try #require(NoteID("c1")),
              snapshot: nil, created: Self.now, expires: expires, viewLimit: limit, views: views, revoked: revoked)
    }

    @Test func theStateOfAShare() throws {
        #expect(ShareRules.state(of: try share(), at: Self.now) == .active)
        #expect(ShareRules.state(of: try share(expires: Self.now), at: Self.now) == .expired, "expired at its moment")
        #expect(ShareRules.state(of: try share(expires: Self.now.addingTimeInterval(1)), at: Self.now) == .active)
        #expect(ShareRules.state(of: try share(limit: 2, views: 2), at: Self.now) == .usedUp)
        #expect(ShareRules.state(of: try share(limit: 2, views: 1), at: Self.now) == .active)
        #expect(ShareRules.state(of: try share(expires: Self.now, limit: 1, views: 1, revoked: Self.now), at: Self.now) == .revoked,
                "a revoked share says so, whatever else ended")
    }

    @Test func onlyAPersonsGetIsAView() {
        #expect(ShareRules.countsAsView(method: "GET", userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1"))
        #expect(ShareRules.countsAsView(method: "GET", userAgent: nil))
        #expect(!ShareRules.countsAsView(method: "HEAD", userAgent: "Mozilla/5.0"))
        for agent in ["Slackbot-LinkExpanding 1.0", "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
                      "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5", "WhatsApp/2.23.20.0 A", "TelegramBot (like TwitterBot)",
                      "facebookexternalhit/1.1;line-poker/1.0", "LinkedInBot/1.0 (compatible; Mozilla/5.0)", "Twitterbot/1.0",
                      "Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1)",
                      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/109 Safari/537.36 Edg/109 MicrosoftPreview/2.0"] {
            #expect(!ShareRules.countsAsView(method: "GET", userAgent: agent), "\(agent)")
        }
    }

    @Test func anAttachmentGrantHoldsOnlyForItsSecretAndItsTime() {
        let hasher = MarkerTokenHasher(), secret = String(repeating: "cd", count: 32)
        let until = Int64(Self.now.timeIntervalSince1970) + 300
        let grant = ShareRules.attachmentGrant(secret: secret, until: until, hasher: hasher)
        #expect(ShareRules.grantHolds(secret: secret, until: until, grant: grant, at: Self.now, hasher: hasher))
        #expect(!ShareRules.grantHolds(secret: String(repeating: "ef", count: 32), until: until, grant: grant, at: Self.now, hasher: hasher))
        #expect(!ShareRules.grantHolds(secret: secret, until: until, grant: grant, at: Self.now.addingTimeInterval(300), hasher: hasher), "past")
        let far = until + 3600
        #expect(!ShareRules.grantHolds(secret: secret, until: far, grant: ShareRules.attachmentGrant(secret: secret, until: far, hasher: hasher),
                                       at: Self.now, hasher: hasher), "no grant reaches further ahead than one grant's life")
    }
}
