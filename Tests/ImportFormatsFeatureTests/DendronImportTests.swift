import ArchiveFeature
import ChildProcesses
import Foundation
@testable import ImportFormatsFeature
import NoteStoreTesting
import QuillModels
import ScratchDirectories
import StandardTesting
import Testing

/// A piece of Dendron's own documentation workspace (Tests/Fixtures/OtherApps/dendron-workspace),
/// imported as `quill import DIR` does, and vaults written for the cases it lacks.
@Suite(.scratchDirectory) struct DendronImportTests {
    static let workspace = ForeignImport.fixtures.appending(path: "dendron-workspace").path

    @Test("notes titled by their front matter, known by Dendron's ID, their links turned round, tags and users as links, assets")
    func workspace() async throws {
        let attachments = InMemoryAttachmentStore(clock: ForeignImport.clock)
        let (report, notes) = try await ForeignImport.runFolder(Self.workspace, attachments: attachments)
        #expect(report.foreignFormat == "a Dendron workspace or vault" && report.addedCount == 7 && report.attachmentCount == 4)
        #expect(Set(notes.keys) == ["Root", "10,000 Tables When All You Need is a Note", "Roles", "Cross Vault Link", "Style", "Bugcatcher", "0.60"])
        #expect(report.notices.contains { $0.entry == "vault/root.schema.yml" && $0.message.hasPrefix("a Dendron schema") })

        // Its front matter: the ID is the note's identity, the dates are milliseconds, an empty `desc:` is nothing.
        let bugcatcher = try #require(notes["Bugcatcher"])
        #expect(bugcatcher.id == ImportedNoteID.of("dendron:a3df7b38-bb18-4c3b-acf7-03f81e5a277a"))
        #expect(bugcatcher.created == Date(timeIntervalSince1970: 1_617_644_707.406) && bugcatcher.updated == Date(timeIntervalSince1970: 1_649_730_443.115))
        #expect(bugcatcher.body == """
            ---
            aliases: ["tags.role.bugcatcher"]
            desc: 'A Bug Catcher is a member who found a reproducible bug in Dendron.'
            airtableId: reciz0oHN7PxEAbE0
            ---

            ![[community.discord.roles#bug-catcher]]

            """)
        // The hierarchy: the name is an alias, the parent's name a tag.
        #expect(bugcatcher.tags.map(\.rawValue) == ["tags.role"])
        #expect(try #require(notes["Root"]).tags.isEmpty)

        // `[[label|name]]` is `[[name|label]]`; `#role.bugcatcher` reaches the note `tags.role.bugcatcher` and is a tag.
        let release = try #require(notes["0.60"])
        #expect(release.body.contains("([[dendron.topic.pod.builtin.github-issue|docs]])"))
        #expect(release.body.contains("- [[tags.role.bugcatcher|#role.bugcatcher]]"))
        #expect(release.tags.map(\.rawValue) == ["breaking", "changelog.release", "role.bugcatcher", "role.taxonomist"])
        #expect(report.resolvedLinkCount == 3)
        #expect(report.unresolvedLinks.contains { $0.entry == "vault/community.discord.roles.md" && $0.message == "links to 'community.discord.channels', which is not in the export" })

        // Code is left as written; a hex colour is no tag; the images of a table are attachments.
        let crossVault = try #require(notes["Cross Vault Link"])
        #expect(crossVault.body.contains("`[[Foo Note|dendron://vault/foo#header1]]`") && crossVault.body.contains("[[dendron.topic.multi-vault|multi vault]]"))
        let style = try #require(notes["Style"])
        #expect(style.body.contains("| #43B02A    |") && style.tags.map(\.rawValue) == ["dendron.topic"])
        #expect(AttachmentReference.scan(style.body).map(\.name) == ["2021-03-16-10-28-40.png", "2021-03-16-10-29-08.png", "2021-03-16-10-29-28.png"])
        #expect(try attachments.all().count == 4)

        let again = try await ForeignImport.importedAgain(Self.workspace, folder: true)
        #expect(again.addedCount == 0 && again.unchangedCount == 7)
    }

    @Test("a vault alone, and a zip of the workspace, read the same")
    func vaultAloneAndZipped() async throws {
        let (vault, alone) = try await ForeignImport.runFolder(Self.workspace + "/vault")
        #expect(vault.foreignFormat == "a Dendron workspace or vault" && vault.addedCount == 7)
        let zip = try await ForeignImport.zipped(Self.workspace, named: "workspace.zip", under: "dendron-site")
        let (zipped, notes) = try await ForeignImport.run(zip)
        #expect(zipped.foreignFormat == "a Dendron workspace or vault" && zipped.addedCount == 7 && zipped.attachmentCount == 4)
        #expect(notes.mapValues(\.id) == alone.mapValues(\.id))
    }

    @Test("a note renamed in Dendron keeps its ID: importing again updates it")
    func renamed() async throws {
        let folder = try Scratch.directory("renamed")
        let copied = try await ChildProcess.run("/usr/bin/env", ["cp", "-R", Self.workspace + "/.", folder])
        #expect(copied.status == 0, "\(copied.errors)")
        let store = InMemoryNoteStore()
        _ = try await ForeignImport.runFolder(folder, into: store)
        let old = folder + "/vault/community.discord.roles.md"
        let text = try String(contentsOfFile: old, encoding: .utf8).replacingOccurrences(of: "updated: 1655744626194", with: "updated: 1700000000000")
        try FileManager.default.removeItem(atPath: old)
        try Data(text.utf8).write(to: URL(filePath: folder + "/vault/community.discord.member-roles.md"))
        let (again, notes) = try await ForeignImport.runFolder(folder, into: store)
        #expect(again.addedCount == 0 && again.updatedCount == 1 && notes.count == 7)
        #expect(NoteAliases.read(try #require(notes["Roles"]).body) == ["community.discord.member-roles"])
    }

    /// Dendron titles a note by the last part of its name: `projects.changelog` is "Changelog", so a
    /// link `[[changelog]]` would reach it in Quill, where a title beats an alias.
    @Test("a link by a name that is another note's title is written by the ID of the note it names")
    func nameThatIsATitle() async throws {
        let vault = try Scratch.directory("vault")
        let files = [
            "root.schema.yml": "version: 1\nschemas:\n- id: root\n",
            "changelog.md": "---\nid: log\ntitle: Changelog\ncreated: 1600000000000\nupdated: 1600000000000\n---\nThe log.",
            "projects.changelog.md": "---\nid: projects-log\ntitle: Changelog\n---\nA project's log.",
            "projects.md": "---\nid: projects\ntitle: Projects\n---\nSee [[changelog]], [[Log|changelog#2024]] and [[projects.changelog]]; #todo @ana",
            "user.ana.md": "No front matter.",
        ]
        for (name, text) in files { try Data(text.utf8).write(to: URL(filePath: vault + "/" + name)) }
        let (report, notes) = try await ForeignImport.runFolder(vault)
        #expect(report.addedCount == 4 && report.resolvedLinkCount == 4 && report.unresolvedLinks.isEmpty)
        let log = ImportedNoteID.of("dendron:log").rawValue
        let projects = try #require(notes["Projects"])
        #expect(projects.body.hasSuffix("See [[\(log)|changelog]], [[\(log)#2024|Log]] and [[projects.changelog]]; #todo [[user.ana|@ana]]"))
        #expect(projects.tags.map(\.rawValue) == ["todo"])
        // Without `id:` a note is known by its path; without a title, by its name's last part.
        let ana = try #require(notes["Ana"])
        #expect(ana.id == ImportedNoteID.of("dendron:user.ana.md") && ana.body == "---\naliases: [\"user.ana\"]\n---\nNo front matter.")
    }

    @Test("links and references as Dendron writes them", arguments: [
        ("[[note.name]]", false, "[[note.name]]"),
        ("[[A label|note.name]]", false, "[[note.name|A label]]"),
        ("[[ A label | dendron://my.vault/note.name#part ]]", false, "[[note.name#part|A label]]"),
        ("[[label|note.name#^block]]", false, "[[note.name#^block|label]]"),
        ("[[label|note.name^block]]", false, "[[note.name^block|label]]"),
        ("![[dendron://vault/note.name#summary,1:#*]]", true, "![[note.name#summary]]"),
        ("![[note.name#^begin:#^end]]", true, "![[note.name#^begin]]"),
        ("![[note.name]]", true, "![[note.name]]"),
    ])
    func links(inner: String, embedded: Bool, expected: String) throws {
        let written = String(inner.dropFirst(embedded ? 3 : 2).dropLast(2))
        let link = try #require(DendronText.Link(written, embedded: embedded))
        #expect(link.markdown(to: link.name) == expected)
        #expect(DendronText.Link("children.*", embedded: true) == nil)
    }

    @Test("tags and users, as Dendron reads them in text", arguments: [
        ("#tag", ["#tag"]), ("a #tag.sub, and #b.", ["#tag.sub", "#b"]), ("#1 #.x a#b", []), ("(#paren)", []),
        ("@ana and mail@example.com", ["@ana"]), ("#日本語 #émoji-ok", ["#日本語", "#émoji-ok"]), ("# Heading", []),
    ])
    func mentions(text: String, expected: [String]) {
        #expect(DendronText.Mention.scan(Array(text.utf8)).map { "\($0.sigil)\($0.name)" } == expected)
    }

    @Test("a target that wikilinks a web page is a Markdown link")
    func webPage() throws {
        let vault = DendronText.Vault(notes: [:], files: [])
        let rewritten = try DendronText.rewritten("See [[CSS color|https://developer.mozilla.org/a]].", vault: vault) { _ in nil }
        #expect(rewritten.text == "See [CSS color](https://developer.mozilla.org/a)." && rewritten.linkedNames.isEmpty)
    }

    @Test("the front matter: Dendron's ID taken out, its milliseconds written as dates, an empty desc left out, the rest as it was")
    func header() {
        let header = DendronReader.Header("---\nid: 'x1'\ntitle: |\n    Two\n    lines\ndesc: ''\nupdated: 1600000000123\ncreated: yesterday\nconfig:\n  id: nested\n---\nbody")
        #expect(header.id == "x1" && header.title == "Two\nlines" && header.body == "body")
        #expect(header.yaml == "title: |\n    Two\n    lines\nupdated: 2020-09-13T12:26:40.123Z\ncreated: yesterday\nconfig:\n  id: nested\n")
        #expect(DendronReader.title(ofName: "projects.my-plan") == "My-plan" && DendronReader.title(ofName: "a.NASA") == "NASA")
    }
}
