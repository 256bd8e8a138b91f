import Foundation
import Testing

/// The real `quill` reading folders other apps wrote (Tests/Fixtures/OtherApps) straight from
/// disk, and writing a folder it reads back.
@Suite("quill import DIR and export --format dir, end to end")
struct OtherAppsIntegrationTests {
    private static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/OtherApps")

    /// Every note of the home, as `show --json` prints it, by title.
    private func notes(of quill: QuillProcess) throws -> [String: [String: Any]] {
        var notes: [String: [String: Any]] = [:]
        for id in try quill.listedIDs() {
            let object = try JSONSerialization.jsonObject(with: Data(try quill.succeed(["show", id, "--json"]).utf8))
            let note = try #require(object as? [String: Any])
            notes[try #require(note["title"] as? String)] = note
        }
        return notes
    }

    @Test func anObsidianVaultAndAHugoSiteImportWithTheirFieldsAndFileDates() throws {
        let quill = QuillProcess.withFreshHome()
        let vault = FileManager.default.temporaryDirectory.appending(path: "quill-vault-it-\(UUID().uuidString)")
        defer {
            quill.removeHome()
            try? FileManager.default.removeItem(at: vault)
        }
        try FileManager.default.copyItem(at: Self.fixtures.appending(path: "obsidian-vault"), to: vault)
        let milkDate = Date(timeIntervalSince1970: 1_600_000_000)
        try FileManager.default.setAttributes([.modificationDate: milkDate], ofItemAtPath: vault.appending(path: "Milk.md").path)

        let output = try quill.succeed(["import", vault.path])
        #expect(output.hasPrefix("Imported 2 notes: 2 new"))
        let hugo = try quill.succeed(["import", Self.fixtures.appending(path: "hugo-site").path])
        #expect(hugo.contains("tag 'web dev' not valid in Quill; kept in the text"))

        let notes = try notes(of: quill)
        #expect(Set(notes.keys) == ["Pancakes", "Milk", "Hello World", "Jekyll style"])
        #expect(notes["Pancakes"]?["tags"] as? [String] == ["cooking", "recipe", "recipes"])
        #expect(notes["Pancakes"]?["created"] as? String == "2023-01-05T14:22:00.000Z")
        #expect((notes["Pancakes"]?["body"] as? String)?.hasPrefix("---\naliases:\n- Crêpes\ncssclasses: wide\n---\n") == true)
        #expect(notes["Milk"]?["created"] as? String == "2020-09-13T12:26:40.000Z")
        #expect(notes["Hello World"]?["updated"] as? String == "2023-02-01T08:00:00.250Z")
    }

    @Test func exportToAFolderAndImportItIntoAnotherHome() throws {
        let source = QuillProcess.withFreshHome()
        let target = QuillProcess.withFreshHome()
        let folder = FileManager.default.temporaryDirectory.appending(path: "quill-dir-it-\(UUID().uuidString)")
        defer {
            source.removeHome()
            target.removeHome()
            try? FileManager.default.removeItem(at: folder)
        }
        _ = try source.succeed(["add", "Same title", "--body", "one", "--tag", "a"])
        _ = try source.succeed(["add", "Same title", "--body", "two"])
        _ = try source.succeed(["add", "a/b: c?", "--body", "three"])
        _ = try source.succeed(["export", "--format", "dir", folder.path])
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["Same title 2.md", "Same title.md", "a-b- c-.md"])
        #expect(try source.run(["export", "--format", "dir", folder.path]).status != 0)

        #expect(try target.succeed(["import", folder.path]).hasPrefix("Imported 3 notes: 3 new"))
        for id in try source.listedIDs() {
            #expect(try target.succeed(["show", id, "--json"]) == source.succeed(["show", id, "--json"]))
        }
    }
}
