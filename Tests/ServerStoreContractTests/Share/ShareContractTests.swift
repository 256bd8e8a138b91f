import Foundation
import QuillModels
import ServerStoreInterface
import StandardInterfaces
import Testing

/// What every server store keeps of shares (docs/sharing.md): SQLite, PostgreSQL and memory
/// answer alike, and count views only under the limit they are given.
@Suite struct ShareContractTests {
    static let implementations = Implementation.all.filter(\.isAvailable)
    static let now = Date(timeIntervalSince1970: 1_767_225_600.123)

    static func share(_ id: String, account: AccountID, note: String = "a1", snapshot: Int? = nil, createdAfter seconds: TimeInterval = 0,
                      expires: Date? = nil, limit: Int? = nil) throws -> Share {
        Share(id: try #require(ShareID(id)), secret: String(repeating: id, count: 64 / id.count), account: account,
              note: try #require(NoteID(note)), snapshot: snapshot, created: now.addingTimeInterval(seconds), expires: expires, viewLimit: limit)
    }

    @Test(arguments: implementations)
    func aShareIsKeptAsMadeAndFoundByItsSecret(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let alice = try await store.newAccount("alice")
            let share = try Self.share("a0", account: alice, snapshot: 3, expires: Self.now.addingTimeInterval(86400), limit: 2)
            try await store.createShare(share)
            #expect(try await store.share(secret: share.secret) == share)
            #expect(try await store.share(secret: String(repeating: "ff", count: 32)) == nil)
            let open = try Self.share("b0", account: alice, createdAfter: 1)
            try await store.createShare(open)
            #expect(try await store.share(secret: open.secret) == open, "no snapshot, expiry or limit is kept as none")
        }
    }

    @Test(arguments: implementations)
    func sharesAreListedPerAccountNewestFirst(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let alice = try await store.newAccount("alice"), bob = try await store.newAccount("bob")
            let first = try Self.share("a1", account: alice, note: "a1"), second = try Self.share("a2", account: alice, note: "b2", createdAfter: 5)
            let bobs = try Self.share("b1", account: bob, note: "a1", createdAfter: 9)
            for share in [first, second, bobs] { try await store.createShare(share) }
            #expect(try await store.shares(account: alice).map(\.id) == [second.id, first.id])
            #expect(try await store.shares(account: bob).map(\.id) == [bobs.id])
            #expect(try await store.shares(of: [try #require(NoteID("a1"))], account: alice).map(\.id) == [first.id])
            #expect(try await store.shares(of: [try #require(NoteID("a1")), try #require(NoteID("b2"))], account: alice).map(\.id)
                == [second.id, first.id])
            #expect(try await store.shares(of: [], account: alice).isEmpty)
        }
    }

    @Test(arguments: implementations)
    func revokingMarksOnlyTheOwnersShareOnce(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let alice = try await store.newAccount("alice"), bob = try await store.newAccount("bob")
            let share = try Self.share("c1", account: alice)
            try await store.createShare(share)
            #expect(try await store.revokeShare(share.id, account: bob, at: Self.now) == nil, "another account cannot revoke it")
            #expect(try await store.share(secret: share.secret)?.revoked == nil)
            let revoked = try #require(try await store.revokeShare(share.id, account: alice, at: Self.now.addingTimeInterval(10)))
            #expect(revoked.revoked == Self.now.addingTimeInterval(10).roundedToMilliseconds)
            let again = try await store.revokeShare(share.id, account: alice, at: Self.now.addingTimeInterval(99))
            #expect(again?.revoked == revoked.revoked, "the first revocation's date stays")
            #expect(try await store.share(secret: share.secret) == revoked)
            #expect(try await store.revokeShare(try #require(ShareID("dead")), account: alice, at: Self.now) == nil)
        }
    }

    @Test(arguments: implementations)
    func viewsAreCountedOnlyBelowTheLimit(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let alice = try await store.newAccount("alice")
            let limited = try Self.share("d1", account: alice, limit: 2), open = try Self.share("d2", account: alice)
            try await store.createShare(limited)
            try await store.createShare(open)
            #expect(try await store.recordView(of: limited.id, below: 2))
            #expect(try await store.recordView(of: limited.id, below: 2))
            #expect(try await store.recordView(of: limited.id, below: 2) == false)
            #expect(try await store.share(secret: limited.secret)?.views == 2)
            for _ in 0..<3 { #expect(try await store.recordView(of: open.id, below: nil)) }
            #expect(try await store.share(secret: open.secret)?.views == 3)
            #expect(try await store.recordView(of: try #require(ShareID("dead")), below: nil) == false)
            try await store.addViews(40, to: open.id)
            #expect(try await store.share(secret: open.secret)?.views == 43)
        }
    }

    @Test(arguments: implementations)
    func concurrentViewsNeverPassTheLimit(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let alice = try await store.newAccount("alice")
            let share = try Self.share("e1", account: alice, limit: 3)
            try await store.createShare(share)
            let counted = try await withThrowingTaskGroup(of: Bool.self) { group in
                for _ in 0..<8 { group.addTask { try await store.recordView(of: share.id, below: 3) } }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }
            #expect(counted == 3)
            #expect(try await store.share(secret: share.secret)?.views == 3)
        }
    }

    @Test(arguments: implementations)
    func deletingTheAccountRemovesItsShares(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let alice = try await store.newAccount("alice"), bob = try await store.newAccount("bob")
            let hers = try Self.share("f1", account: alice), his = try Self.share("f2", account: bob)
            try await store.createShare(hers)
            try await store.createShare(his)
            try await store.deleteAccount(named: "alice")
            #expect(try await store.share(secret: hers.secret) == nil)
            #expect(try await store.share(secret: his.secret) == his)
        }
    }
}
