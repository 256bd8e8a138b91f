import Foundation
import Testing

extension SyncEndToEndTests {
    /// Part of Obsidian's help vault, imported in one home: its embedded screenshots sync with
    /// the notes, and the other home's `export --format dir` writes them where the notes' links
    /// lead, byte for byte, as Obsidian reads a folder.
    func vaultTravels(alice: QuillHome, bob: QuillHome) async throws {
        let vault = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Fixtures/OtherApps/obsidian-help-attachments")
        #expect(try await alice.succeed(["import", vault.path]).contains("2 attachments"))
        let sent = try await alice.succeed(["sync"])
        #expect(sent.hasSuffix("attachments sent 2, fetched 0"), "\(sent)")
        let fetched = try await bob.succeed(["sync"])
        #expect(fetched.hasSuffix("attachments sent 0, fetched 2"), "\(fetched)")

        let folder = bob.root + "/vault-out"
        _ = try await bob.succeed(["export", "--format", "dir", folder])
        let note = try String(contentsOfFile: folder + "/Status bar.md", encoding: .utf8)
        let link = try #require(note.firstRange(of: "](attachments/")).upperBound
        let target = "attachments/" + note[link...].prefix { $0 != ")" }
        #expect(FileManager.default.contents(atPath: folder + "/" + (target.removingPercentEncoding ?? target))
                == FileManager.default.contents(atPath: vault.appending(path: "Attachments/status-bar-desktop.png").path),
                "the screenshot is where the note's link leads: \(target)")
    }
}
