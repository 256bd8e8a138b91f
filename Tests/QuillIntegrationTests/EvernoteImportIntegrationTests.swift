import ChildProcesses
import Foundation
import Testing

/// The real `quill` importing Evernote's own exports (Tests/Fixtures/OtherApps/evernote) as a
/// person does: known by content whatever the file is called, a dry run, a second import, undo.
@Suite("quill import of an Evernote export, end to end")
struct EvernoteImportIntegrationTests {
    private static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/OtherApps/evernote")

    @Test func anEvernoteExportImportsOnceAndIsTakenBack() async throws {
        let quill = QuillProcess.withFreshHome()
        let renamed = FileManager.default.temporaryDirectory.appending(path: "quill-enex-\(UUID().uuidString)-Work notes.dat")
        defer {
            quill.removeHome()
            try? FileManager.default.removeItem(at: renamed)
        }
        // Known by its content, not its name.
        try FileManager.default.copyItem(at: Self.fixtures.appending(path: "linked_notes.enex"), to: renamed)
        let plan = try await quill.succeed(["import", "--dry-run", renamed.path])
        #expect(plan.contains("Would import 7 notes: 7 new") && plan.contains("an Evernote export (ENEX), 3 links between notes resolved, 0 not"), "\(plan)")
        #expect(try await quill.listedIDs().isEmpty)

        let first = try await quill.succeed(["import", renamed.path])
        #expect(first.contains("Imported 7 notes: 7 new"), "\(first)")
        #expect(try await quill.listedIDs().count == 7)
        let links = try await quill.succeed(["links", "--broken"])
        #expect(!links.contains("Note 2") && !links.contains("Ambiguous note"), "\(links)")

        let again = try await quill.succeed(["import", renamed.path])
        #expect(again.contains("Imported 7 notes: 0 new, 7 unchanged"), "\(again)")
        #expect(try await quill.listedIDs().count == 7)

        let importID = try #require(first.split(separator: "\n").first { $0.hasPrefix("Import ID ") }?.split(separator: " ")[2])
        _ = try await quill.succeed(["import", "--undo", String(importID).replacing(":", with: "")])
        #expect(try await quill.listedIDs().isEmpty)
        let one = try await quill.succeed(["import", Self.fixtures.appending(path: "tasks.enex").path])
        #expect(one.hasPrefix("Imported 1 note: 1 new"), "\(one)")
    }

    /// Evernote's next export after an edit there: the note's next revision, the one before kept
    /// in its history, and no copy.
    @Test func anExportImportedAgainAfterAnEditThereUpdatesTheNote() async throws {
        let quill = QuillProcess.withFreshHome()
        let file = FileManager.default.temporaryDirectory.appending(path: "quill-enex-\(UUID().uuidString)-Linked.enex")
        defer {
            quill.removeHome()
            try? FileManager.default.removeItem(at: file)
        }
        var text = try String(contentsOf: Self.fixtures.appending(path: "linked_notes.enex"), encoding: .utf8)
        try text.write(to: file, atomically: true, encoding: .utf8)
        _ = try await quill.succeed(["import", file.path])
        text = text.replacing("<title>Note 2</title>\n    <created>20160730T111759Z</created>\n    <updated>20160730T111807Z</updated>",
                              with: "<title>Note 2</title>\n    <created>20160730T111759Z</created>\n    <updated>20250101T000000Z</updated>")
        let noteTwo = try #require(text.range(of: "<title>Note 2</title>"))
        text.replaceSubrange(try #require(text.range(of: "<div>Testing</div>", range: noteTwo.upperBound..<text.endIndex)),
                             with: "<div>Tested again</div>")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let again = try await quill.succeed(["import", file.path])
        #expect(again.contains("Imported 7 notes: 0 new, 6 unchanged, 1 updated, 0 kept as copies"), "\(again)")
        #expect(try await quill.listedIDs().count == 7)
        let listed = try JSONSerialization.jsonObject(with: Data(try await quill.succeed(["list", "--json"]).utf8)) as? [[String: Any]] ?? []
        let id = try #require(listed.first { $0["title"] as? String == "Note 2" }?["id"] as? String)
        #expect(try await quill.succeed(["show", id]).contains("Tested again"))
        let history = try await quill.succeed(["history", id])
        #expect(history.split(separator: "\n").filter { $0.contains("Note 2") }.count == 2, "\(history)")
    }

    @Test func aHostileExportIsRefusedWithNothingImported() async throws {
        let quill = QuillProcess.withFreshHome()
        let file = FileManager.default.temporaryDirectory.appending(path: "quill-xxe-\(UUID().uuidString).enex")
        defer {
            quill.removeHome()
            try? FileManager.default.removeItem(at: file)
        }
        try Data(#"<?xml version="1.0"?><!DOCTYPE en-export [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><en-export><note><title>&xxe;</title></note></en-export>"#.utf8)
            .write(to: file)
        let result = try await quill.run(["import", file.path])
        #expect(result.status == 1 && result.errors.contains("declares entities"), "\(result.errors)")
        #expect(try await quill.listedIDs().isEmpty)
    }
}

/// The real `quill` importing zipped exports of other apps (Tests/Fixtures/OtherApps), as
/// their apps deliver them.
@Suite("quill import of zipped exports, end to end")
struct ZippedExportIntegrationTests {
    private static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/OtherApps")

    @Test func notionBearAndAZipOnStandardInput() async throws {
        let quill = QuillProcess.withFreshHome()
        defer { quill.removeHome() }
        let notion = try await quill.succeed(["import", Self.fixtures.appending(path: "notion/markdown-and-csv.zip").path])
        #expect(notion.contains("a Notion export (Markdown & CSV)"), "\(notion)")
        let bear = try await quill.succeed(["import", Self.fixtures.appending(path: "bear/backup.bear2bk").path])
        #expect(bear.contains("Imported 5 notes: 5 new") && bear.contains("encrypted in Bear"), "\(bear)")
        // A zip on standard input is read from memory: the same backup again finds its notes.
        let count = try await quill.listedIDs().count
        let piped = try await quill.succeed(["import", "-"], input: try Data(contentsOf: Self.fixtures.appending(path: "bear/backup.bear2bk")))
        #expect(piped.contains("Imported 5 notes: 0 new, 5 unchanged"), "\(piped)")
        #expect(try await quill.listedIDs().count == count)
    }
}
