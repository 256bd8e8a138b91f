import Foundation
import QuillModels
import ScratchDirectories
import SearchIndexInterface
import SearchIndexTesting
import SQLiteSearchIndex
import LocalFileSystem
import Testing

/// The behaviour every `LinkIndex` must have, the in-memory fake included: links are kept with
/// the notes by `apply`, and every answer is resolved when read.
@Suite("LinkIndex contract", .scratchDirectory)
struct LinkIndexContractTests {
    enum Fixture: String, CaseIterable, CustomStringConvertible, Sendable {
        case inMemory, sqlite

        var description: String { rawValue }

        /// One of the index's adapters, which answer every port of the index (links, attachments).
        func make() throws -> any SearchIndex & LinkIndex & AttachmentIndex {
            switch self {
            case .inMemory: InMemorySearchIndex()
            case .sqlite: SQLiteSearchIndex(path: try Scratch.directory("links") + "/search/index.sqlite", files: LocalFileAccessor())
            }
        }
    }

    private static func id(_ number: UInt64) -> NoteID { NoteID(high: 0x5ea, low: number) }

    @Test(arguments: Fixture.allCases)
    func linksResolveByTitleAliasAndIDPrefixIgnoringCase(fixture: Fixture) async throws {
        let index = try fixture.make()
        let target = Self.id(2)
        try await index.index([
            try Notes.note(1, title: "Source", body: "See [[home]], [[Start|the start]], [[\(target.rawValue)]] and [[Nowhere]].\n`[[code]]`"),
            try Notes.note(2, title: "Home", body: "---\naliases: [Start]\n---\nWelcome"),
        ])
        let links = try await index.links(from: Self.id(1))
        #expect(links.map(\.link.target) == ["home", "Start", target.rawValue, "Nowhere"])
        #expect(links.map { $0.resolution.chosen?.id } == [target, target, target, nil])
        #expect(links.map { $0.resolution.chosen?.match } == [.title, .alias, .idPrefix, nil])
        #expect(links[1].link.label == "the start")
        #expect(try await index.backlinks(to: target).count == 3)
        #expect(try await index.backlinks(to: Self.id(1)).isEmpty)
        #expect(try await index.links(.broken).map(\.link.target) == ["Nowhere"])
    }

    /// Greek capitals fold to σ where the lower case ends a word with ς: a title in capitals is
    /// reached by the word written in lower case, and the other way round.
    @Test(arguments: Fixture.allCases)
    func aGreekTitleInCapitalsIsReachedByTheWordInLowerCase(fixture: Fixture) async throws {
        let index = try fixture.make()
        try await index.index([
            try Notes.note(1, title: "Πηγή", body: "[[ρυθμίσεις του συστήματος]] [[ΣΗΜΕΙΏΣΕΙΣ]]"),
            try Notes.note(2, title: "ΡΥΘΜΊΣΕΙΣ του συστήματος"),
            try Notes.note(3, title: "σημειώσεις"),
        ])
        #expect(try await index.links(from: Self.id(1)).map { $0.resolution.chosen?.id } == [Self.id(2), Self.id(3)])
        #expect(try await index.links(.broken).isEmpty)
    }

    @Test(arguments: Fixture.allCases)
    func aNewNoteMendsABrokenLinkAndADeletedOneBreaksIt(fixture: Fixture) async throws {
        let index = try fixture.make()
        try await index.index([try Notes.note(1, title: "Source", body: "[[Later]]")])
        #expect(try await index.links(.broken).count == 1)
        try await index.index([try Notes.note(2, title: "Later")])
        #expect(try await index.links(.broken).isEmpty)
        #expect(try await index.backlinks(to: Self.id(2)).map(\.source) == [Self.id(1)])
        try await index.index([], removing: [Self.id(2)])
        #expect(try await index.links(.broken).map(\.link.target) == ["Later"])
    }

    @Test(arguments: Fixture.allCases)
    func aNewRevisionReplacesTheLinksAndNamesOfTheOldOne(fixture: Fixture) async throws {
        let index = try fixture.make()
        try await index.index([try Notes.note(1, title: "A", body: "[[B]]"), try Notes.note(2, title: "B")])
        let note = try Notes.note(1, title: "A", body: "[[C]]").withRevision(2)
        let renamed = try Notes.note(2, title: "C").withRevision(2)
        try await index.index([note, renamed])
        #expect(try await index.links(from: Self.id(1)).map { $0.resolution.chosen?.id } == [Self.id(2)])
        #expect(try await index.links(.all).count == 1)
        #expect(try await index.links(.broken).isEmpty)
    }

    /// A title beats an alias; among equals the most recently updated wins, and the link is ambiguous.
    @Test(arguments: Fixture.allCases)
    func tiesAreResolvedByTheDocumentedRule(fixture: Fixture) async throws {
        let index = try fixture.make()
        try await index.index([
            try Notes.note(1, title: "Source", body: "[[Plan]] and [[Twin]]"),
            try Notes.note(2, title: "Other", body: "---\naliases: [Plan]\n---\n"),
            try Notes.note(3, title: "Plan"),
            try Notes.note(4, title: "Twin", minutes: 1),
            try Notes.note(5, title: "twin", minutes: 2),
        ])
        let links = try await index.links(from: Self.id(1))
        #expect(links[0].resolution.chosen?.id == Self.id(3))
        #expect(!links[0].resolution.isAmbiguous)
        #expect(links[1].resolution.chosen?.id == Self.id(5))
        #expect(links[1].resolution.alternatives.map(\.id) == [Self.id(4)])
        #expect(try await index.links(.ambiguous).map(\.link.target) == ["Twin"])
        #expect(try await index.backlinks(to: Self.id(4)).isEmpty)
    }

    @Test(arguments: Fixture.allCases)
    func listingsGoByLinkingNoteThenLine(fixture: Fixture) async throws {
        let index = try fixture.make()
        try await index.index([
            try Notes.note(1, title: "beta", body: "[[x]]\n[[y]]"),
            try Notes.note(2, title: "Alpha", body: "one\n\n[[z]]"),
        ])
        let broken = try await index.links(.broken)
        #expect(broken.map(\.link.target) == ["z", "x", "y"])
        #expect(broken.map(\.link.line) == [3, 1, 2])
        #expect(broken.map(\.link.context) == ["[[z]]", "[[x]]", "[[y]]"])
    }
}
