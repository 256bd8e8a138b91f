import Foundation
import QuillModels
import ServerFeature
import ServerStoreInterface
import Testing

/// What every server store keeps of the links between an account's notes (docs/links.md):
/// SQLite, PostgreSQL and the in-memory store answer alike, each write kept in step.
@Suite struct LinkContractTests {
    static let implementations = Implementation.all.filter(\.isAvailable)

    @Test(arguments: implementations)
    func linksAndBacklinksFollowEveryWrite(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let alice = try await store.newAccount("alice"), bob = try await store.newAccount("bob")
            let home = try await store.create(try Sample.note("a1", title: "Home", body: "---\naliases: [Start]\n---\nWelcome"), account: alice)
            let source = try await store.create(try Sample.note("a2", title: "Source",
                                                                  body: "[[home#Top|there]]\n`[[code]]`\n[[START]] [[Nowhere]] [x](quill:a1)"),
                                                account: alice)
            _ = try await store.create(try Sample.note("b1", title: "Bob", body: "[[Home]]"), account: bob)
            let links = try await store.links(from: source.id, account: alice)
            #expect(links.map(\.link.target) == ["home", "START", "Nowhere", "a1"])
            #expect(links.map(\.link.fragment) == ["#Top", nil, nil, nil])
            #expect(links.map(\.link.label) == ["there", nil, nil, "x"])
            #expect(links.map(\.link.line) == [1, 3, 3, 3])
            #expect(links.map { $0.resolution.chosen?.id } == [home.id, home.id, nil, nil], "a1 is too short to be an ID prefix")
            #expect(try await store.backlinks(to: home.id, account: alice).map(\.link.target) == ["home", "START"])
            #expect(try await store.backlinks(to: home.id, account: bob).isEmpty, "another account's links are not there")
            #expect(try await store.brokenLinks(account: alice, after: nil, limit: 10).links.map(\.link.link.target) == ["Nowhere", "a1"])

            // An edit replaces the rows; a rename breaks links by the old title; a deletion breaks all.
            _ = try await store.replace(try Sample.note("a1", title: "Renamed", body: "no aliases now"), account: alice, ifRevision: 1, origin: .edit)
            #expect(try await store.backlinks(to: home.id, account: alice).isEmpty)
            _ = try await PushReplay(store).pushOutcomes([PushedChange(note: try Sample.note("a3", title: "Nowhere"), baseRevision: nil, mayMerge: false)],
                                                         requestID: try #require(PushRequestID("p1")), account: alice, at: Sample.date)
            #expect(try await store.brokenLinks(account: alice, after: nil, limit: 10).links.map(\.link.link.target) == ["home", "START", "a1"])
            let deleted = try Sample.note("a2", title: "Source", revision: 2).deleted(at: Sample.date)
            _ = try await PushReplay(store).pushOutcomes([PushedChange(note: deleted, baseRevision: 1, mayMerge: false)], requestID: try #require(PushRequestID("p2")),
                                                         account: alice, at: Sample.date)
            #expect(try await store.links(from: source.id, account: alice).isEmpty)
            #expect(try await store.brokenLinks(account: alice, after: nil, limit: 10).links.isEmpty)
        }
    }

    /// Greek capitals fold to σ where the lower case ends a word with ς (`CaseFolding`).
    @Test(arguments: implementations)
    func aGreekTitleInCapitalsIsReachedByTheWordInLowerCase(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let alice = try await store.newAccount("alice")
            let settings = try await store.create(try Sample.note("0a1", title: "ΡΥΘΜΊΣΕΙΣ του συστήματος"), account: alice)
            let notes = try await store.create(try Sample.note("0a2", title: "σημειώσεις"), account: alice)
            let source = try await store.create(try Sample.note("0a3", title: "Πηγή", body: "[[ρυθμίσεις του συστήματος]] [[ΣΗΜΕΙΏΣΕΙΣ]]"),
                                                account: alice)
            #expect(try await store.links(from: source.id, account: alice).map { $0.resolution.chosen?.id } == [settings.id, notes.id])
            #expect(try await store.backlinks(to: settings.id, account: alice).map(\.source) == [source.id])
            #expect(try await store.brokenLinks(account: alice, after: nil, limit: 10).links.isEmpty)
        }
    }

    @Test(arguments: implementations)
    func idPrefixesAndTiesResolveByTheRule(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let alice = try await store.newAccount("alice")
            let target = try await store.create(try Sample.note("0123456789abcdef", title: "Target"), account: alice)
            var twin = try Sample.note("0b2", title: "Twin")
            twin = try twin.revised(at: Sample.date.addingTimeInterval(60)).withRevision(1)
            _ = try await store.create(twin, account: alice)
            _ = try await store.create(try Sample.note("0b1", title: "twin"), account: alice)
            let source = try await store.create(try Sample.note("0c1", title: "S", body: "[[01234567]] [[Twin]]"), account: alice)
            let links = try await store.links(from: source.id, account: alice)
            #expect(links[0].resolution.chosen?.id == target.id && links[0].resolution.chosen?.match == .idPrefix)
            #expect(links[1].resolution.chosen?.id == twin.id, "the most recently updated of equals wins")
            #expect(links[1].resolution.alternatives.map(\.id.rawValue) == ["0b1"])
            #expect(try await store.backlinks(to: target.id, account: alice).count == 1)
        }
    }

    @Test(arguments: implementations)
    func brokenLinksComeInPages(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let alice = try await store.newAccount("alice")
            for note in 1...3 {
                _ = try await store.create(try Sample.note("d\(note)", title: "N\(note)", body: "[[x\(note)a]] [[N1]] [[x\(note)b]]"), account: alice)
            }
            var seen: [String] = []
            var after: LinkPosition?
            repeat {
                let page = try await store.brokenLinks(account: alice, after: after, limit: 2)
                #expect(page.links.count <= 2)
                seen += page.links.map(\.link.link.target)
                after = page.next
            } while after != nil
            #expect(seen == ["x1a", "x1b", "x2a", "x2b", "x3a", "x3b"])
        }
    }

    /// Candidates that reach a note by an ID prefix are read and passed over; a short last batch
    /// after them used to make a page longer than its limit.
    @Test(arguments: implementations)
    func aPageOfBrokenLinksHoldsItsLimitPastLinksByIDPrefix(_ implementation: Implementation) async throws {
        try await implementation.withStore { store in
            let alice = try await store.newAccount("alice")
            _ = try await store.create(try Sample.note("0123456789abcdef", title: "Target"), account: alice)
            _ = try await store.create(try Sample.note("0c1", title: "S", body: "[[y1]] [[y2]] [[01234567]] [[y3]] [[y4]]"), account: alice)
            let first = try await store.brokenLinks(account: alice, after: nil, limit: 3)
            #expect(first.links.map(\.link.link.target) == ["y1", "y2", "y3"])
            let next = try #require(first.next)
            let second = try await store.brokenLinks(account: alice, after: next, limit: 3)
            #expect(second.links.map(\.link.link.target) == ["y4"])
            #expect(second.next == nil)
        }
    }
}
