import Foundation
import NoteStoreTesting
import QuillAPI
import QuillCLI
import QuillModels
import QuillTestComposition
import SearchIndexTesting
import StandardTesting
import Testing

@Suite("quill links, backlinks and renames")
struct LinkCommandsTests {
    let store = InMemoryNoteStore()
    let console = RecordingConsole()
    let clock = SteppingClock(start: Date(millisecondsSince1970: 1_767_603_600_000), step: 60)
    let ids = SequentialNoteIDs()
    let index = InMemorySearchIndex()

    var environment: CLIEnvironment {
        QuillTestRoots.test(store: store, clock: clock, ids: ids, console: console,
                            searchIndex: index, searchSource: ListingSearchSource(store: store))
    }

    static func id(_ number: UInt64) -> String { NoteID(high: 0, low: number).rawValue }

    /// Home (1) links to Plan (2) and to a missing note; Plan links back to Home; Roadmap (3) is
    /// linked by nothing.
    func twoLinkedNotes() async throws {
        try await run(["add", "Home", "--body", "See [[plan]] and [[Gone]].\n\n```\n[[not a link]]\n```"], in: environment)
        try await run(["add", "Plan", "--body=---\naliases: [Roadmap]\n---\nBack to [[HOME|start]]."], in: environment)
        try await run(["add", "Roadmap", "--body", "Titled like Plan's alias, and linked by nothing."], in: environment)
        console.clear()
    }

    @Test func linksNameEachTargetOrBroken() async throws {
        try await twoLinkedNotes()
        try await run(["links", Self.id(1)], in: environment)
        #expect(console.output == "line 1  [[plan]]  → 00000000  Plan\nline 1  [[Gone]]  → broken\n")
        console.clear()
        try await run(["links", "--json", Self.id(1)], in: environment)
        let documents = try JSONDecoder().decode([LinkDocument].self, from: Data(console.output.utf8))
        #expect(documents.map(\.resolved?.title) == ["Plan", nil])
        #expect(documents.map(\.match) == ["title", nil])
    }

    @Test func backlinksShowTheLineOfEachLink() async throws {
        try await twoLinkedNotes()
        try await run(["backlinks", Self.id(1)], in: environment)
        #expect(console.output == "00000000  Plan  line 4: Back to [[HOME|start]].\n")
        console.clear()
        try await run(["backlinks", Self.id(3)], in: environment)
        #expect(console.output.isEmpty)
    }

    @Test func brokenLinksAreListedByNote() async throws {
        try await twoLinkedNotes()
        try await run(["links", "--broken"], in: environment)
        #expect(console.output == "00000000  Home\n  line 1  [[Gone]]\n")
        #expect(console.errors == "1 broken link in 1 note\n")
    }

    @Test func theGraphIsGraphvizDOT() async throws {
        try await twoLinkedNotes()
        try await run(["links", "--dot"], in: environment)
        #expect(console.output.hasPrefix("digraph quill {\n"))
        #expect(console.output.contains("\"\(Self.id(1))\" -> \"\(Self.id(2))\";"))
        #expect(console.output.contains("\"broken:gone\" [label=\"Gone\", style=dashed, color=red];"))
        await #expect(throws: (any Error).self) { try await run(["links", "--dot", "--json"], in: environment) }
        await #expect(throws: (any Error).self) { try await run(["links"], in: environment) }
    }

    @Test func showMarksLinksAndEndsWithTheNotesLinkingHere() async throws {
        try await twoLinkedNotes()
        try await run(["show", Self.id(1)], in: environment)
        #expect(console.output.contains("See [[plan]]→00000000 and [[Gone]]→broken."))
        #expect(console.output.contains("[[not a link]]\n"))
        #expect(console.output.hasSuffix("linked from:\n  00000000  Plan  line 4: Back to [[HOME|start]].\n"))
        console.clear()
        try await run(["show", "--json", Self.id(1)], in: environment)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(console.output.utf8)) as? [String: Any])
        #expect((object["links"] as? [Any])?.count == 2)
        #expect((object["backlinks"] as? [Any])?.count == 1)
    }

    @Test func aRenameKeepsTheOldTitleAsAnAliasByDefault() async throws {
        try await twoLinkedNotes()
        try await run(["edit", Self.id(2), "--title", "Project plan"], in: environment)
        #expect(console.output.hasSuffix("kept \"Plan\" as an alias, so 1 link still reaches it (--rewrite-links rewrites it instead)\n"))
        let plan = try #require(await store.note(id: NoteID(high: 0, low: 2)))
        #expect(NoteAliases.read(plan.body) == ["Roadmap", "Plan"])
        console.clear()
        try await run(["links", "--broken"], in: environment)
        #expect(!console.output.contains("plan"))
    }

    @Test func aRenameWithRewriteLinksRewritesTheLinkingNotes() async throws {
        try await twoLinkedNotes()
        try await run(["edit", Self.id(1), "--title", "Start page", "--rewrite-links"], in: environment)
        #expect(console.output.hasSuffix("rewrote 1 link to \"Start page\" in 1 other note\n"))
        let plan = try #require(await store.note(id: NoteID(high: 0, low: 2)))
        #expect(plan.body.hasSuffix("Back to [[Start page|start]]."))
        #expect(plan.revision == 2)
        let home = try #require(await store.note(id: NoteID(high: 0, low: 1)))
        #expect(NoteAliases.read(home.body).isEmpty)
    }

    @Test func aTitleALinkCannotHoldIsRefusedWithRewriteLinksAndNothingChanges() async throws {
        try await twoLinkedNotes()
        await #expect(throws: CLIFailure.self) {
            try await run(["edit", Self.id(1), "--title", "A | B", "--rewrite-links"], in: environment)
        }
        #expect(await store.note(id: NoteID(high: 0, low: 1))?.revision == 1)
    }

    @Test func aRenameNothingLinksToChangesOnlyTheTitle() async throws {
        try await twoLinkedNotes()
        try await run(["edit", Self.id(3), "--title", "Roadmap 2"], in: environment)
        #expect(!console.output.contains("alias"))
        let note = try #require(await store.note(id: NoteID(high: 0, low: 3)))
        #expect(NoteAliases.read(note.body).isEmpty)
    }
}
