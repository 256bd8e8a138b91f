import ArchiveFeature
import ChildProcesses
import Foundation
@testable import ImportFormatsFeature
import NoteStoreTesting
import QuillModels
import ScratchDirectories
import StandardTesting
import Testing

/// A piece of Logseq's own documentation graph (Tests/Fixtures/OtherApps/logseq-graph),
/// imported as `quill import DIR` does.
@Suite(.scratchDirectory) struct LogseqImportTests {
    static let graph = ForeignImport.fixtures.appending(path: "logseq-graph").path

    @Test("an Org page's blocks, properties, code, quotations, links and emphasis in Logseq's Markdown", arguments: [
        ("#+TITLE: Org\n#+ALIAS: Other\n:PROPERTIES:\n:type: Feature\n:END:\n* One\n", "title:: Org\nalias:: Other\ntype:: Feature\n- One\n"),
        ("* A\n:PROPERTIES:\n:id: 60ab\n:END:\n*** Deep\n** Child\n", "- A\n  id:: 60ab\n    - Deep\n    - Child\n"),
        ("* Code\n  #+BEGIN_SRC clojure\n  (def x [[not a link]])\n    (indented)\n  #+END_SRC\n", "- Code\n  ```clojure\n  (def x [[not a link]])\n    (indented)\n  ```\n"),
        ("* Said\n#+BEGIN_QUOTE\nto *be*\n#+END_QUOTE\n", "- Said\n  > to **be**\n"),
        ("* [[Page]], [[Page][label]], [[https://x.org/a b][site]], [[../assets/a.png]], [[file:../assets/b.pdf][pdf]]",
         "- [[Page]], [[Page|label]], [site](<https://x.org/a b>), ![](../assets/a.png), [pdf](../assets/b.pdf)"),
        ("* *b* /i/ +s+ =v= ~c~ ~a`b~ https://a.org/b/c/ a/b/ x*y* *not closed", "- **b** *i* ~~s~~ `v` `c` ``a`b`` https://a.org/b/c/ a/b/ x*y* *not closed"),
        ("* CRLF\r\n  under it\r\n", "- CRLF\n  under it\n"),
        ("#+BEGIN_SRC\nnever closed", "```\nnever closed\n```"),
        ("* Fences\n#+BEGIN_SRC md\n```js\nx\n```\n#+END_SRC", "- Fences\n  ````md\n  ```js\n  x\n  ```\n  ````"),
        ("* A\n:PROPERTIES:\nfree text\n", "- A\n  free text"),
    ])
    func orgPages(org: String, markdown: String) {
        #expect(LogseqOrg.markdown(org) == markdown)
    }

    /// A block another shows carries `id:: <uuid>` under it; `((uuid))` and `{{embed ((uuid))}}` show it.
    @Test("block references are embeds of their block, which ends with its ID; code and missing IDs are left as written")
    func blockReferences() {
        let id = "60ab4582-5a6e-4f3a-84a2-71ae056455a0", other = "6571f0e2-1111-4222-8333-444455556666"
        var blocks = LogseqBlocks()
        let target = "- Top\n\t- The [[rule]] to keep\n\t  id:: \(id)\n\t- ```\n\t  id:: \(other)\n\t  ```\n- After"
        blocks.add(page: "Rules", sourceID: "logseq:pages/Rules.md", body: target)
        blocks.add(page: "A/B", sourceID: "logseq:pages/A___B.md", body: "- Namespaced\n  id:: \(other.uppercased())")
        #expect(blocks.rewritten(target).body == "- Top\n\t- The [[rule]] to keep ^\(id)\n\t- ```\n\t  id:: \(other)\n\t  ```\n- After")
        let (body, notices) = blocks.rewritten("- See ((\(id))) and {{embed ((\(other)))}}\n- `((\(id)))` ((00000000-0000-0000-0000-000000000000))")
        #expect(body == "- See ![[Rules^\(id)|The rule to keep]] and ![[\(ImportedNoteID.of("logseq:pages/A___B.md").rawValue)^\(other)|Namespaced]]\n"
                + "- `((\(id)))` ((00000000-0000-0000-0000-000000000000))")
        #expect(notices == ["'((00000000-0000-0000-0000-000000000000))' is a block the graph does not hold; left as written"])
    }

    @Test("pages titled as Logseq shows them, their properties as tags, aliases and front matter, journals, assets")
    func graph() async throws {
        let attachments = InMemoryAttachmentStore(clock: ForeignImport.clock)
        let (report, notes) = try await ForeignImport.runFolder(Self.graph, attachments: attachments)
        #expect(report.foreignFormat == "a Logseq graph" && report.addedCount == 9 && report.attachmentCount == 2)
        // `___` is a namespace's `/`, `%3F` a `?`; a `title::` property (an Org page's `#+TITLE:`) wins over the file's name.
        #expect(Set(notes.keys) == ["Tasks", "Android", "All Platforms", "New to Logseq?", "Community/Query Learning Sprint (Summer 2022)",
                                    "Zotero", "How to filter linked references", "Sep 14th, 2020", "About"])

        // An Org page: its headings bullets from the fewest stars on, links and emphasis in Markdown, a list's nesting kept.
        let about = try #require(notes["About"])
        #expect(about.body.hasPrefix("- Hi, welcome to [Logseq](https://logseq.com).\n\n  **Logseq** is a *local-only*, *non-linear*, "))
        #expect(about.body.contains("\n    - 1. Sync between multiple devices\n      Currently, we only support"))
        #expect(about.body.contains("\n        - Step 1\n          Click the button *Login with Github*.\n"))
        #expect(about.body.contains("\n  - Document built-in supports:\n    * Code highlights\n"))
        #expect(about.body.contains("  ![2020_07_25_Screenshot 2020-07-25 13-29-49 +0800.png](https://cdn.logseq.com/%2F8b9a461d"))
        #expect(about.body.contains("https://logseq.com/blog/faq#How_to_create_a_Github_personal_access_token-3f-\n"))
        #expect(about.id == ImportedNoteID.of("logseq:pages/about.org"))

        let tasks = try #require(notes["Tasks"])
        #expect(NoteAliases.read(tasks.body) == ["Todos"])
        #expect(tasks.body.hasPrefix("---\naliases: [\"Todos\"]\ntype: '[[Feature]]'\nplatforms: '[[All Platforms]]'\n---\n- ## Usage\n"))
        #expect(try #require(notes["Zotero"]).tags.map(\.rawValue) == ["academic"])

        let journal = try #require(notes["Sep 14th, 2020"])
        #expect(journal.tags.map(\.rawValue) == ["journal"] && journal.created == LogseqReader.journalDay("2020_09_14"))

        let filters = try #require(notes["How to filter linked references"])
        let references = AttachmentReference.scan(filters.body)
        #expect(references.map(\.name) == ["filter-include_1641572468269_0.png", "filter-exclude_1641572484236_0.png"])
        #expect(references.allSatisfy { $0.isEmbedded })
        #expect(try attachments.all().count == 2)
        #expect(report.notices.contains { $0.entry == "pages/How to filter linked references.md" && $0.message.contains("filter-options_1641572394299_0.png' is not in the graph") })

        let again = try await ForeignImport.importedAgain(Self.graph, folder: true)
        #expect(again.addedCount == 0 && again.unchangedCount == 9)
    }

    @Test("a zip of the graph's folder, as a person zips it, reads the same")
    func zipped() async throws {
        let zip = try await ForeignImport.zipped(Self.graph, named: "my graph.zip", under: "my graph")
        let (report, notes) = try await ForeignImport.run(zip)
        #expect(report.foreignFormat == "a Logseq graph" && report.addedCount == 9 && report.attachmentCount == 2)
        #expect(notes["Community/Query Learning Sprint (Summer 2022)"] != nil && notes["Sep 14th, 2020"]?.tags.map(\.rawValue) == ["journal"])
        // The zip's pages are the folder's: importing the folder after it finds them.
        let store = InMemoryNoteStore()
        _ = try await ForeignImport.run(zip, into: store)
        let (folder, _) = try await ForeignImport.runFolder(Self.graph, into: store)
        #expect(folder.addedCount == 0 && folder.unchangedCount == 9)
    }

    @Test("in a folder Obsidian shares with Logseq, Markdown outside pages/ and journals/ is read as pages; Logseq's backups are not")
    func sharedWithObsidian() async throws {
        let folder = try Scratch.directory("shared")
        let run = try await ChildProcess.run("/usr/bin/env", ["cp", "-R", Self.graph + "/.", folder])
        #expect(run.status == 0, "\(run.errors)")
        for (path, text) in [("Obsidian/Reading list.md", "# Books\n\n[[Tasks]]"), ("logseq/bak/pages/Tasks/2023-01-01.md", "an old Tasks")] {
            try FileManager.default.createDirectory(atPath: folder + "/" + path.split(separator: "/").dropLast().joined(separator: "/"), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(filePath: folder + "/" + path))
        }
        let (report, notes) = try await ForeignImport.runFolder(folder)
        #expect(report.foreignFormat == "a Logseq graph" && report.addedCount == 10)
        #expect(notes["Reading list"]?.body == "# Books\n\n[[Tasks]]" && notes["2023-01-01"] == nil)
    }

    @Test("a journal's title from its file's name, as Logseq's default format writes it")
    func journalTitles() throws {
        let titles = ["2024_01_01", "2024_01_02", "2024_01_03", "2024_01_11", "2024_02_22", "2023_12_31", "2024_03_13"]
            .compactMap { LogseqReader.journalDay($0).map { LogseqReader.journalTitle($0, format: LogseqReader.defaultJournalTitleFormat) } }
        #expect(titles == ["Jan 1st, 2024", "Jan 2nd, 2024", "Jan 3rd, 2024", "Jan 11th, 2024", "Feb 22nd, 2024", "Dec 31st, 2023", "Mar 13th, 2024"])
        // Other formats a graph's config.edn may set.
        let day = try #require(LogseqReader.journalDay("2024_03_05"))
        let formats = ["yyyy-MM-dd", "EEEE, MMMM d, yyyy", "EEE, MM/dd/yyyy", "dd.MM.yy", "yyyy'年'M'月'd'日'"]
        #expect(formats.map { LogseqReader.journalTitle(day, format: $0) }
                == ["2024-03-05", "Tuesday, March 5, 2024", "Tue, 03/05/2024", "05.03.24", "2024年3月5日"])
        let configuration = Array(";; :journal/page-title-format \"EEE, MM/dd/yyyy\"\n :journal/page-title-format \"yyyy-MM-dd\"\n".utf8)
        #expect(LogseqReader.journalTitleFormat(configuration) == "yyyy-MM-dd")
        #expect(LogseqReader.journalDay("notes") == nil && LogseqReader.journalDay("2024_13_01") == nil)
        #expect(LogseqReader.names(in: "[[Two words]], #tag, plain") == ["Two words", "tag", "plain"])
        // Logseq's own documentation graph: `alias:: Portal, Logseq Portal, Logseq Portals` made `[[Logseq]]` reach the page.
        #expect(LogseqReader.names(in: "Portal, Logseq Portal, Logseq Portals") == ["Portal", "Logseq Portal", "Logseq Portals"])
        #expect(LogseqReader.names(in: "steering wheel") == ["steering wheel"])
        #expect(LogseqReader.names(in: "#a #b, [[c d]] #e") == ["a", "b", "c d", "e"])
        #expect(LogseqReader.pageTitle(fileStem: "A___B%3F") == "A/B?")
    }

    @Test("a page's properties are its first `key:: value` lines (or a YAML block); a block's are its text")
    func properties() {
        let page = LogseqReader.Page("title:: A/B\ntags:: [[x y]], z\n\n- first block\n  id:: 64a\n")
        #expect(page.properties.map(\.key) == ["title", "tags"] && page.body == "- first block\n  id:: 64a\n")
        let older = LogseqReader.Page("---\ntitle: Sep 14th, 2020\n---\n\n- a block")
        #expect(older.properties.map(\.value) == ["Sep 14th, 2020"] && older.body == "- a block")
        #expect(LogseqReader.Page(":: not one\n- text").properties.isEmpty)
    }
}
