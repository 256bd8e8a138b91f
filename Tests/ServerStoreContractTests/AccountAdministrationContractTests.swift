import Foundation
import QuillModels
import ServerFeature
import ServerStoreInterface
import StandardInterfaces
import Testing

/// `account list` and `account delete` against every store: counts, last use, and a delete that
/// takes the notes and tokens with it and leaves the other accounts alone.
@Suite struct AccountAdministrationContractTests {
    static let implementations = Implementation.all.filter(\.isAvailable)

    @Test(arguments: implementations)
    func summariesCountLiveNotesAndTokensAndKeepTheLatestUse(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let before = Date().addingTimeInterval(-1)
            let first = StoredToken(id: TokenID(7), hash: TokenHash(bytes: [1]))
            let bob = try await store.createAccount(named: "bob", token: first)
            _ = try await store.addToken(StoredToken(id: TokenID(8), hash: TokenHash(bytes: [2])), toAccountNamed: "bob")
            _ = try await store.newAccount("alice")
            _ = try await store.create(try Sample.note("a1"), account: bob.id)
            _ = try await store.create(try Sample.note("a2"), account: bob.id)
            _ = try await store.delete(try #require(NoteID("a2")), account: bob.id, ifRevision: 1, at: Sample.date, origin: .api)

            let used = Date(millisecondsSince1970: 1_767_225_600_000)
            try await store.recordUse(ofToken: TokenID(8), at: used, address: "203.0.113.7")
            try await store.recordUse(ofToken: first.id, at: used.addingTimeInterval(-60), address: nil)
            try await store.recordUse(ofToken: TokenID(99), at: used, address: nil)

            let summaries = try await store.accountSummaries()
            #expect(summaries.map(\.account.name) == ["alice", "bob"])
            let alice = try #require(summaries.first)
            #expect(alice.noteCount == 0 && alice.tokenCount == 1 && alice.lastUsed == nil)
            let summary = try #require(summaries.last)
            #expect(summary.account == bob && summary.noteCount == 1 && summary.tokenCount == 2 && summary.lastUsed == used)
            let created = try #require(summary.created)
            #expect(created >= before && created <= Date().addingTimeInterval(1))

            // An earlier use recorded late (by a slower process) does not move the last use back.
            try await store.recordUse(ofToken: TokenID(8), at: used.addingTimeInterval(-3600), address: "198.51.100.1")
            #expect(try await store.accountSummaries().last?.lastUsed == used)
            #expect(try await store.tokens(ofAccountNamed: "bob").first { $0.id == TokenID(8) }?.lastAddress == "203.0.113.7",
                    "the address goes with the latest use")
        }
    }

    @Test(arguments: implementations)
    func aTokensScopeLabelAndDatesAreKeptAndListedOldestFirst(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let issued = Date(millisecondsSince1970: 1_767_225_600_000)
            let first = StoredToken(id: TokenID(0x10), hash: TokenHash(bytes: [1]), created: issued)
            let dashboard = StoredToken(id: TokenID(0x0f), hash: TokenHash(bytes: [2]), scope: .readOnly, label: "dashboard — 仪表板",
                                        created: issued.addingTimeInterval(60), expires: issued.addingTimeInterval(86_400))
            let old = StoredToken(id: TokenID(0x11), hash: TokenHash(bytes: [3]))
            _ = try await store.createAccount(named: "bob", token: first)
            _ = try await store.addToken(dashboard, toAccountNamed: "bob")
            _ = try await store.addToken(old, toAccountNamed: "bob")
            _ = try await store.newAccount("alice")

            #expect(try await store.token(id: dashboard.id)?.token == dashboard)
            #expect(try await store.token(id: old.id)?.token == old)
            try await store.recordUse(ofToken: dashboard.id, at: issued.addingTimeInterval(120), address: "2001:db8::1")

            let listed = try await store.tokens(ofAccountNamed: "bob")
            #expect(listed.map(\.id) == [old.id, first.id, dashboard.id], "undated tokens first, then by issue date")
            #expect(listed.last == TokenSummary(id: dashboard.id, scope: .readOnly, label: "dashboard — 仪表板", created: dashboard.created,
                                                lastUsed: issued.addingTimeInterval(120), lastAddress: "2001:db8::1", expires: dashboard.expires))
            #expect(listed.first == TokenSummary(id: old.id, scope: .full, label: nil, created: nil, lastUsed: nil, expires: nil))
            #expect(try await store.tokens(ofAccountNamed: "alice").count == 1)
            await #expect(throws: ServerStoreError.accountNotFound("carol")) { try await store.tokens(ofAccountNamed: "carol") }
        }
    }

    @Test(arguments: implementations)
    func deletingAnAccountTakesItsNotesAndTokensAndLeavesOthers(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let token = StoredToken(id: TokenID(7), hash: TokenHash(bytes: [1]))
            let bob = try await store.createAccount(named: "bob", token: token)
            let alice = try await store.newAccount("alice")
            for account in [bob.id, alice] {
                _ = try await store.create(try Sample.note("a1"), account: account)
                _ = try await PushReplay(store).pushOutcomes([], requestID: try #require(PushRequestID("r1")), account: account, at: Sample.date)
            }

            try await store.deleteAccount(named: "bob")
            #expect(try await store.token(id: token.id) == nil)
            #expect(try await store.note(try #require(NoteID("a1")), account: bob.id) == nil)
            #expect(try await store.accountSummaries().map(\.account.name) == ["alice"])
            #expect(try await store.note(try #require(NoteID("a1")), account: alice) != nil)
            await #expect(throws: ServerStoreError.accountNotFound("bob")) { try await store.deleteAccount(named: "bob") }

            // The name is free again, and the new account starts empty.
            let again = try await store.createAccount(named: "bob", token: StoredToken(id: TokenID(9), hash: TokenHash(bytes: [3])))
            #expect(try await store.notes(account: again.id, after: nil, limit: 10).notes.isEmpty)

            // A deleted account's ID is never given again, not even the highest one: a server may
            // still hold a deleted token in its cache for a few seconds, mapped to that ID.
            try await store.deleteAccount(named: "bob")
            let third = try await store.createAccount(named: "carol", token: StoredToken(id: TokenID(10), hash: TokenHash(bytes: [4])))
            #expect(![bob.id, alice, again.id].contains(third.id))
        }
    }
}
