import ChildProcesses
import Foundation
import Testing

/// The real `quill` reading folders other apps wrote (Tests/Fixtures/OtherApps) straight from
/// disk, and writing a folder it reads back.
@Suite("quill import DIR and export --format dir, end to end")
struct OtherAppsIntegrationTests {
    private static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/OtherApps")

    /// Every note of the home, as `show --json` prints it, by title.
    private func notes(of quill: QuillProcess) async throws -> [String: [String: Any]] {
        var notes: [String: [String: Any]] = [:]
        for id in try await quill.listedIDs() {
            let object = try JSONSerialization.jsonObject(with: Data(try await quill.succeed(["show", id, "--json"]).utf8))
            let note = try #require(object as? [String: Any])
            notes[try #require(note["title"] as? String)] = note
        }
        return notes
    }

    @Test func anObsidianVaultAndAHugoSiteImportWithTheirFieldsAndFileDates() async throws {
        let quill = QuillProcess.withFreshHome()
        let vault = FileManager.default.temporaryDirectory.appending(path: "quill-vault-it-\(UUID().uuidString)")
        defer {
            quill.removeHome()
            try? FileManager.default.removeItem(at: vault)
        }
        try FileManager.default.copyItem(at: Self.fixtures.appending(path: "obsidian-vault"), to: vault)
        let milkDate = Date(timeIntervalSince1970: 1_600_000_000)
        try FileManager.default.setAttributes([.modificationDate: milkDate], ofItemAtPath: vault.appending(path: "Milk.md").path)

        let output = try await quill.succeed(["import", vault.path])
        #expect(output.hasPrefix("Imported 2 notes: 2 new"))
        let hugo = try await quill.succeed(["import", Self.fixtures.appending(path: "hugo-site").path])
        #expect(hugo.contains("tag 'web dev' not valid in Quill; kept in the text"))

        let notes = try await notes(of: quill)
        #expect(Set(notes.keys) == ["Pancakes", "Milk", "Hello World", "Jekyll style"])
        #expect(notes["Pancakes"]?["tags"] as? [String] == ["cooking", "recipe", "recipes"])
        #expect(notes["Pancakes"]?["created"] as? String == "2023-01-05T14:22:00.000Z")
        #expect((notes["Pancakes"]?["body"] as? String)?.hasPrefix("---\naliases:\n- Crêpes\ncssclasses: wide\n---\n") == true)
        #expect(notes["Milk"]?["created"] as? String == "2020-09-13T12:26:40.000Z")
        #expect(notes["Hello World"]?["updated"] as? String == "2023-02-01T08:00:00.250Z")
    }

    /// Part of Obsidian's help vault: the screenshots its notes embed become attachments, an
    /// archive carries them where GNU tar extracts them beside the notes (so that the notes'
    /// links resolve), and tar's re-pack of that folder imports into another home with them.
    /// A vault kept elsewhere and linked into place (a synced folder, say) imports as the folder.
    @Test func aSymbolicLinkToAVaultImportsTheVault() async throws {
        let quill = QuillProcess.withFreshHome()
        let parent = FileManager.default.temporaryDirectory.appending(path: "quill-vault-link-\(UUID().uuidString)")
        defer {
            quill.removeHome()
            try? FileManager.default.removeItem(at: parent)
        }
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.fixtures.appending(path: "obsidian-vault"), to: parent.appending(path: "vault"))
        try FileManager.default.createSymbolicLink(atPath: parent.appending(path: "linked").path, withDestinationPath: "vault")
        // A link inside the vault is not followed (as tar and rsync -a do not), and the report says so.
        try Data("# Outside\n".utf8).write(to: parent.appending(path: "Outside.md"))
        try FileManager.default.createSymbolicLink(atPath: parent.appending(path: "vault/Outside.md").path, withDestinationPath: "../Outside.md")

        let output = try await quill.succeed(["import", parent.appending(path: "linked").path])
        #expect(output.hasPrefix("Imported 2 notes: 2 new"))
        #expect(output.contains("  note  Outside.md: a symbolic link or another special file, not a regular one: not followed, skipped\n"))
        #expect(!output.contains("skip  Outside.md"))
        #expect(Set(try await notes(of: quill).keys) == ["Pancakes", "Milk"])
    }

    /// Joplin's export as Joplin writes it (a JEX, a tar of items), from a file and from standard
    /// input, and the folder GNU tar unpacks it to (Joplin's RAW export): the same notes each way.
    @Test func aJoplinExportImportsFromItsFileItsStreamAndItsFolder() async throws {
        let jex = Self.fixtures.appending(path: "joplin/backup.jex")
        let folder = FileManager.default.temporaryDirectory.appending(path: "quill-joplin-raw-\(UUID().uuidString)")
        let homes = (0..<3).map { _ in QuillProcess.withFreshHome() }
        defer {
            homes.forEach { $0.removeHome() }
            try? FileManager.default.removeItem(at: folder)
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let untar = try await ChildProcess.run("/usr/bin/env", ["tar", "-xf", jex.path, "-C", folder.path])
        #expect(untar.status == 0, "\(untar.errors)")

        let outputs = [try await homes[0].succeed(["import", jex.path]), try await homes[1].succeed(["import", "-"], input: try Data(contentsOf: jex)),
                       try await homes[2].succeed(["import", folder.path])]
        for output in outputs {
            #expect(output.hasPrefix("Imported 5 notes: 5 new, 0 unchanged, 0 kept as copies, 2 attachments (a Joplin export (JEX or RAW), 2 links between notes resolved, 0 not)"))
            #expect(output.contains("encrypted in Joplin"))
        }
        var seen: [[String: [String]]] = []
        for home in homes {
            let notes = try await notes(of: home)
            #expect(Set(notes.keys) == ["Meeting notes", "Todo list", "Clipped page", "日本語のメモ"])
            #expect((notes["Todo list"]?["body"] as? String)?.hasPrefix("---\nnotebook: Work\ntodo: open\n") == true)
            seen.append(notes.mapValues { $0["tags"] as? [String] ?? [] })
        }
        #expect(seen[0]["Meeting notes"] == ["project-x", "two-words", "work/projects"] && seen[1] == seen[0] && seen[2] == seen[0])
        #expect(try await homes[0].succeed(["trash"]).contains("Old idea"))
    }

    /// A folder of plain text notes, as Notational Velocity keeps them, imports as notes; a folder
    /// holding none is refused, not "imported" as nothing.
    @Test func aFolderOfTextNotesImportsAndAnEmptyOneIsRefused() async throws {
        let quill = QuillProcess.withFreshHome()
        let folder = FileManager.default.temporaryDirectory.appending(path: "quill-text-notes-\(UUID().uuidString)")
        defer {
            quill.removeHome()
            try? FileManager.default.removeItem(at: folder)
        }
        try FileManager.default.createDirectory(at: folder.appending(path: "empty"), withIntermediateDirectories: true)
        try Data("milk\neggs\n".utf8).write(to: folder.appending(path: "Groceries.txt"))
        try Data("同期のテスト\n".utf8).write(to: folder.appending(path: "メモ.txt"))
        #expect(try await quill.succeed(["import", folder.path]).hasPrefix("Imported 2 notes: 2 new"))
        #expect(Set(try await notes(of: quill).keys) == ["Groceries", "メモ"])
        let refused = try await quill.run(["import", folder.appending(path: "empty").path])
        #expect(refused.status == 1 && refused.errors.contains("holds no notes"), "\(refused.errors)")
    }

    /// A piece of Logseq's documentation graph: pages titled as Logseq shows them, so the links
    /// between them reach them.
    @Test func aLogseqGraphsPagesKeepTheirTitlesAndLinks() async throws {
        let quill = QuillProcess.withFreshHome()
        defer { quill.removeHome() }
        let output = try await quill.succeed(["import", Self.fixtures.appending(path: "logseq-graph").path])
        #expect(output.hasPrefix("Imported 9 notes: 9 new, 0 unchanged, 0 kept as copies, 2 attachments (a Logseq graph,"), "\(output)")
        let notes = try await notes(of: quill)
        #expect(notes["New to Logseq?"] != nil && notes["Community/Query Learning Sprint (Summer 2022)"] != nil && notes["About"] != nil)
        let android = try #require(notes["Android"]?["id"] as? String)
        #expect(try await quill.succeed(["backlinks", android]).contains("All Platforms"))
    }

    @Test func aVaultsScreenshotsTravelThroughAnArchiveThatGNUTarOpens() async throws {
        let quill = QuillProcess.withFreshHome()
        let other = QuillProcess.withFreshHome()
        let work = FileManager.default.temporaryDirectory.appending(path: "quill-attachments-it-\(UUID().uuidString)")
        defer {
            quill.removeHome()
            other.removeHome()
            try? FileManager.default.removeItem(at: work)
        }
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        let vault = Self.fixtures.appending(path: "obsidian-help-attachments")
        #expect(try await quill.succeed(["import", vault.path]).contains("2 attachments"))
        _ = try await quill.succeed(["export", work.appending(path: "notes.tar.gz").path])
        let extracted = work.appending(path: "x")
        try FileManager.default.createDirectory(at: extracted, withIntermediateDirectories: true)
        let tar = try await ChildProcess.run("/usr/bin/env", ["tar", "-xzf", work.appending(path: "notes.tar.gz").path, "-C", extracted.path])
        #expect(tar.status == 0, "\(tar.errors)")

        let notesFolder = extracted.appending(path: "quill-notes/notes")
        let statusBar = try #require(try FileManager.default.contentsOfDirectory(atPath: notesFolder.path).first { $0.hasPrefix("Status bar-") })
        let text = try String(contentsOf: notesFolder.appending(path: statusBar), encoding: .utf8)
        let link = try #require(text.firstRange(of: "attachments/")).lowerBound
        let target = String(text[link...].prefix { $0 != ")" })
        let resolved = notesFolder.appending(path: target.removingPercentEncoding ?? target)
        #expect(FileManager.default.contents(atPath: resolved.path) == FileManager.default.contents(atPath: vault.appending(path: "Attachments/status-bar-desktop.png").path))

        let repacked = work.appending(path: "repacked.tar.gz")
        let pack = try await ChildProcess.run("/usr/bin/env", ["tar", "-czf", repacked.path, "-C", extracted.path, "quill-notes"])
        #expect(pack.status == 0, "\(pack.errors)")
        let imported = try await other.succeed(["import", repacked.path])
        #expect(imported.contains("2 attachments") && imported.contains("manifest verified"))
        #expect(try await other.succeed(["attachments"]) == quill.succeed(["attachments"]))
        let copy = work.appending(path: "copy.png")
        _ = try await other.succeed(["attachment", "get", "status-bar-desktop.png", "-o", copy.path])
        #expect(FileManager.default.contents(atPath: copy.path) == FileManager.default.contents(atPath: resolved.path))
    }

    @Test func exportToAFolderAndImportItIntoAnotherHome() async throws {
        let source = QuillProcess.withFreshHome()
        let target = QuillProcess.withFreshHome()
        let folder = FileManager.default.temporaryDirectory.appending(path: "quill-dir-it-\(UUID().uuidString)")
        defer {
            source.removeHome()
            target.removeHome()
            try? FileManager.default.removeItem(at: folder)
        }
        _ = try await source.succeed(["add", "Same title", "--body", "one", "--tag", "a"])
        _ = try await source.succeed(["add", "Same title", "--body", "two"])
        _ = try await source.succeed(["add", "a/b: c?", "--body", "three"])
        _ = try await source.succeed(["export", "--format", "dir", folder.path])
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["Same title 2.md", "Same title.md", "a-b- c-.md"])
        #expect(try await source.run(["export", "--format", "dir", folder.path]).status != 0)

        #expect(try await target.succeed(["import", folder.path]).hasPrefix("Imported 3 notes: 3 new"))
        for id in try await source.listedIDs() {
            #expect(try await target.succeed(["show", id, "--json"]) == source.succeed(["show", id, "--json"]))
        }
    }
}
