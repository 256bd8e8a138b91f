import ArchiveFeature
import ByteStreamTesting
import ChildProcesses
import Foundation
import ImportFormatsFeature
import LocalFileSystem
import NoteStoreInterface
import NoteStoreTesting
import QuillModels
import ScratchDirectories
import StandardInterfaces
import StandardTesting
import Testing
import ZlibCompression

/// Simplenote's export (Tests/Fixtures/OtherApps/simplenote): its `notes.json` alone, and the zip
/// Simplenote makes around it.
@Suite(.scratchDirectory) struct SimplenoteImportTests {
    static let fixture = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/OtherApps/simplenote/notes.json")

    func importing(_ path: String, into store: InMemoryNoteStore = InMemoryNoteStore()) async throws -> (ImportReport, [String: Note]) {
        try await ForeignImport.run(path, into: store)
    }

    @Test("active and trashed notes, tags, dates to the millisecond, publication and sharing kept")
    func notesJSON() async throws {
        let (report, notes) = try await importing(Self.fixture.path)
        #expect(report.foreignFormat == "a Simplenote export" && report.addedCount == 4)
        let shared = try #require(notes["Sharing is caring"])
        #expect(shared.tags.map(\.rawValue) == ["people", "reminders"])
        #expect(shared.body == "---\nmarkdown: false\nshared-with: prince@example.com, pauper@example.com\n---\n")
        #expect(shared.created.millisecondsSince1970 == 1_475_311_233_968)
        #expect(try #require(notes["This note can be accessed from a secret URL"]).body.contains("public-url: http://simp.ly/p/short-url-string\n"))
        let trashed = try #require(notes["This note is no longer relevant"])
        #expect(trashed.isDeleted && trashed.tags.map(\.rawValue) == ["the-departed"])
    }

    @Test("the zip Simplenote makes: notes.json with \\r\\n line breaks and a .txt per note; the first line is the title")
    func zip() async throws {
        let directory = try Scratch.directory("simplenote")
        let zip = directory + "/notes.zip"
        let script = """
            import json, sys, zipfile
            notes = json.load(open(sys.argv[1]))
            notes["activeNotes"].append({"id": "multi", "content": "Groceries\\n\\n- milk\\n- 面包\\n", "creationDate": "2020-01-01T00:00:00.000Z",
                                          "lastModified": "2020-01-02T00:00:00.000Z", "markdown": True, "pinned": True})
            z = zipfile.ZipFile(sys.argv[2], 'w', zipfile.ZIP_DEFLATED)
            z.writestr('source/notes.json', json.dumps(notes, indent=2).replace('\\\\n', '\\\\r\\\\n'))
            for note in notes["activeNotes"]:
                z.writestr(note["content"].split("\\n")[0][:40] + '.txt', note["content"])
            z.close()
            """
        let made = try await ChildProcess.run("/usr/bin/env", ["python3", "-c", script, Self.fixture.path, zip])
        #expect(made.status == 0, "\(made.errors)")
        let (report, notes) = try await importing(zip)
        #expect(report.addedCount == 5)
        #expect(try #require(notes["Groceries"]).body == "---\nmarkdown: true\npinned: true\n---\n- milk\n- 面包\n")
    }

    @Test("a note longer than a note holds keeps its beginning, is attached whole, and is the same on a second import")
    func longNote() async throws {
        let content = "Long note\n" + String(repeating: "Ελληνικά και 中文, a line of the note\n", count: 30_000)
        let json = "{\"activeNotes\": [{\"id\": \"long\", \"content\": \"\(content.replacingOccurrences(of: "\n", with: "\\n"))\", "
            + "\"creationDate\": \"2016-11-18T23:28:42.957Z\", \"lastModified\": \"2016-12-22T21:59:36.623Z\"}], \"trashedNotes\": []}"
        let store = InMemoryNoteStore(), attachments = InMemoryAttachmentStore(clock: ForeignImport.clock)
        let (report, notes) = try await ForeignImport.run("notes.json", bytes: Array(json.utf8), into: store, attachments: attachments)
        #expect(report.addedCount == 1 && report.attachmentCount == 1)
        let note = try #require(notes["Long note"])
        let reference = try #require(AttachmentReference.scan(note.body).first)
        #expect(try reference.name == "Long note.md" && attachments.all().map(\.hash) == [reference.hash])
        #expect(note.body.contains("\nΕλληνικά και 中文, a line of the note\n") && note.body.utf8.count <= NoteLimits.maximumBodyBytes)
        let (again, _) = try await ForeignImport.run("notes.json", bytes: Array(json.utf8), into: store, attachments: attachments)
        #expect(again.unchangedCount == 1 && again.addedCount == 0)
    }
}
