import Foundation
import QuillModels
import ServerStoreInterface
import Testing

/// What every server store keeps of published sites: a slug is the server's, once; each account
/// sees and removes only its own.
@Suite struct PublishedSiteContractTests {
    static let implementations = Implementation.all.filter(\.isAvailable)

    static func site(_ slug: String, account: AccountID, tag: String = "blog", title: String = "Notes in the open") throws -> PublishedSite {
        PublishedSite(slug: slug, account: account, tag: try Tag(tag), title: title, created: ShareContractTests.now)
    }

    @Test(arguments: implementations)
    func aSlugIsTakenOnceAndKeptAsMade(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let alice = try await store.newAccount("alice"), bob = try await store.newAccount("bob")
            let site = try Self.site("travel-2026", account: alice, tag: "nul\u{0}and\u{2}controls", title: "Reisen · 旅行 ✈︎")
            #expect(try await store.createSite(site))
            #expect(try await store.createSite(try Self.site("travel-2026", account: bob, tag: "other")) == false, "the slug is taken")
            #expect(try await store.site(slug: "travel-2026") == site)
            #expect(try await store.site(slug: "nothing") == nil)
            #expect(try await store.createSite(try Self.site("a-blog", account: alice)))
            #expect(try await store.sites(account: alice).map(\.slug) == ["a-blog", "travel-2026"])
            #expect(try await store.sites(account: bob).isEmpty)
        }
    }

    @Test(arguments: implementations)
    func onlyTheOwnerRemovesASiteAndDeletingTheAccountRemovesAll(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let alice = try await store.newAccount("alice"), bob = try await store.newAccount("bob")
            #expect(try await store.createSite(try Self.site("one", account: alice)))
            #expect(try await store.createSite(try Self.site("two", account: alice)))
            #expect(try await store.createSite(try Self.site("bobs", account: bob)))
            #expect(try await store.deleteSite(slug: "one", account: bob) == false)
            #expect(try await store.deleteSite(slug: "one", account: alice))
            #expect(try await store.deleteSite(slug: "one", account: alice) == false)
            #expect(try await store.createSite(try Self.site("one", account: bob)), "a removed slug is free again")
            try await store.deleteAccount(named: "alice")
            #expect(try await store.site(slug: "two") == nil)
            #expect(try await store.sites(account: bob).map(\.slug) == ["bobs", "one"])
        }
    }
}
