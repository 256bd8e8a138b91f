import ArchiveFeature
import Foundation
@testable import ImportFormatsFeature
import QuillModels
import ScratchDirectories
import StandardTesting
import Testing

/// A Roam Research graph exported as JSON (Tests/Fixtures/OtherApps/roam), imported as
/// `quill import FILE` does.
@Suite(.scratchDirectory) struct RoamImportTests {
    static let export = ForeignImport.fixtures.appending(path: "roam/my-graph.json").path

    @Test("pages become notes whose blocks are an outline; references, aliases, tags, to-dos and Roam's emphasis in Quill's terms")
    func graph() async throws {
        let (report, notes) = try await ForeignImport.run(Self.export)
        #expect(report.foreignFormat == "a Roam Research export (JSON)" && report.addedCount == 6)
        #expect(Set(notes.keys) == ["roam/templates", "Good Habits", "Cue", "cue", "February 24th, 2021", "people"])

        // A heading block, its children nested; to-dos as checklist items; tags as links to their pages, and tags.
        let templates = try #require(notes["roam/templates"])
        #expect(templates.body == "- ## Morning\n    - [ ] Morning walk [[goal-health|#goal-health]] [[Good Habits|#Good Habits]]\n    - [x] Check the calendar\n")
        #expect(templates.tags.map(\.rawValue) == ["goal-health", "good-habits"])
        #expect(templates.id == ImportedNoteID.of("roam:KjR9_d8HM"))
        #expect(templates.created == Date(timeIntervalSince1970: 1_614_229_626.805))
        // The page's time is that of its latest edit, its blocks' included.
        #expect(templates.updated == Date(timeIntervalSince1970: 1_614_229_700))

        // `__italic__`, `^^highlight^^`; an alias of a page and of a block; the block shown elsewhere carries its ID; code as
        // written, its closing marks (Roam writes them at the end of its last line) on a line of their own.
        let habits = try #require(notes["Good Habits"])
        let cue = ImportedNoteID.of("roam:cue000001").rawValue
        #expect(habits.body == """
            - Small steps, *every* day: ==that== is the trick
            - A habit is kept by [[\(cue)|its cue]], see [[Good Habits^hab000004|the rule]].
                - The two-minute rule ^hab000004
            - ```clojure
              (defn habit [] [[not a link]] #not-a-tag)
              ```

            """)
        #expect(habits.updated == Date(timeIntervalSince1970: 1_660_000_000))

        // Block references and embeds are embeds of the block; a page whose title differs only in
        // case from another's is linked by its ID; a block the export lacks stays as written.
        let cuePage = try #require(notes["Cue"])
        let lowerCue = ImportedNoteID.of("roam:cue000002x").rawValue
        #expect(cuePage.body == """
            - Embedded: ![[Good Habits^hab000004|The two-minute rule]] and inline ![[Good Habits^hab000004|The two-minute rule]]
            - Tagged **[[people|#people]]** and a page of the other case: [[\(lowerCue)|cue]]
            - A block that is gone: ((gone00001))

            """)
        #expect(report.notices.contains { $0.entry == "my-graph.json#3 (Cue)" && $0.message.contains("'((gone00001))' is a block the export does not hold") })

        // A daily note: tagged `journal`; a title with `/` (which a link reads as a path) linked by ID; a block's other lines under it.
        let day = try #require(notes["February 24th, 2021"])
        #expect(day.tags.map(\.rawValue) == ["journal"])
        #expect(day.body == "- Read [[\(templates.id.rawValue)|roam/templates]] and [[Good Habits]]\n  with a second line\n")
        #expect(report.resolvedLinkCount == 9 && report.unresolvedLinks.map(\.message) == ["links to 'goal-health', which is not in the export"])

        let again = try await ForeignImport.importedAgain(Self.export)
        #expect(again.addedCount == 0 && again.unchangedCount == 6)
    }

    @Test("the zip Roam downloads, holding the JSON, reads the same")
    func zipped() async throws {
        let zip = try await ForeignImport.zipped(Self.export, named: "Roam-Export-1700000000000.zip", under: "")
        let (report, notes) = try await ForeignImport.run(zip)
        let (_, direct) = try await ForeignImport.run(Self.export)
        #expect(report.foreignFormat == "a Roam Research export (JSON)" && notes.mapValues(\.body) == direct.mapValues(\.body))
    }

    @Test("a JSON array that is no Roam export is refused", arguments: ["[]", "[1, 2]", "[{\"name\": \"x\"}]"])
    func notRoam(json: String) async throws {
        await #expect(throws: ArchiveError.self) { try await ForeignImport.run("other.json", bytes: Array(json.utf8)) }
    }

    /// TiddlyWiki's JSON is an array of objects with titles too: it was taken for Roam's, every tiddler an empty page.
    @Test("TiddlyWiki's JSON export is not taken for Roam's")
    func tiddlyWikiJSON() async throws {
        let json = "[{\"title\": \"A tiddler\", \"text\": \"Some ''WikiText''\", \"created\": \"20240101120000000\"}]"
        let (report, notes) = try await ForeignImport.run("tiddlers.json", bytes: Array(json.utf8))
        #expect(report.foreignFormat == "a TiddlyWiki" && notes["A tiddler"]?.body == "Some **WikiText**")
    }

    /// An embed of a block showed "Page^uid" on a page where Roam shows the block's text.
    @Test("an embed of a block shows its first line, without brackets or bars, cut at 80 characters")
    func embedsShowTheBlock() {
        let long = String(repeating: "word ", count: 30)
        let blocks = [("b00000001", "See [[Page]] | here\nsecond line"), ("b00000002", long), ("b00000003", "[[]]")].map {
            RoamReader.Block(string: $0.1, uid: $0.0, children: nil, heading: nil, editTime: nil)
        }
        let graph = RoamText.Graph(pages: [RoamReader.Page(title: "P", uid: "p00000001", children: blocks, createTime: nil, editTime: nil, logID: nil)])
        #expect(graph.block("b00000001")?.shown == "See Page  here")
        #expect(graph.block("b00000002")?.shown == String(long.prefix(79)).trimmingCharacters(in: .whitespaces) + "…")
        #expect(RoamText.Text("((b00000003))", graph: graph).markdown == "![[P^b00000003]]")
    }

    @Test("a block's text", arguments: [
        ("plain text", "plain text"),
        ("{{TODO}} open", "open"),
        ("mid {{[[TODO]]}} stays", "mid {{[[TODO]]}} stays"),
        ("#tag, #[[two words]] and a#b", "[[tag|#tag]], [[two words|#two words]] and a#b"),
        ("`__code__` and __it__", "`__code__` and *it*"),
        ("[x]([[P]]) [[ ]]", "[[P|x]] [[ ]]"),
        ("#tag. #1", "[[tag|#tag]]. [[1|#1]]"),
        ("__see [[P]] and #t__ ^^x^^", "*see [[P]] and [[t|#t]]* ==x=="),
    ])
    func text(string: String, expected: String) {
        let graph = RoamText.Graph(pages: [])
        #expect(RoamText.Text(string, graph: graph).markdown == expected)
    }
}
