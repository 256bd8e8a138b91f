import ArchiveFeature
import ByteStreamTesting
import Foundation
import ImportFormatsFeature
import LocalFileSystem
import NoteStoreInterface
import NoteStoreTesting
import QuillModels
import StandardInterfaces
import StandardTesting
import Testing
import ZlibCompression

/// Standard Notes' own backups (Tests/Fixtures/OtherApps/standard-notes), and a real Simplenote zip.
@Suite struct StandardNotesImportTests {
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appending(path: "Fixtures/OtherApps")

    func importing(_ fixture: String, bytes: [UInt8]? = nil, into store: InMemoryNoteStore = InMemoryNoteStore()) async throws -> (ImportReport, [String: Note]) {
        try await ForeignImport.run(Self.fixtures.appending(path: fixture).path, bytes: bytes, into: store)
    }

    @Test("notes with their tags (from the tags' references) and dates; editors named and passed over")
    func backups() async throws {
        let (report, notes) = try await importing("standard-notes/backup-2023.zip")
        #expect(report.foreignFormat == "a Standard Notes backup" && report.addedCount == 6)
        #expect(try #require(notes["Ithaka"]).tags.map(\.rawValue) == ["poems"])
        #expect(try #require(notes["Even darkness must pass"]).tags.map(\.rawValue) == ["quotes"])
        #expect(try #require(notes["Ithaka"]).body.hasPrefix("As you set out for Ithaka\n"))
        let (editors, withEditors) = try await importing("standard-notes/backup-with-editors.zip")
        #expect(editors.addedCount == 1 && withEditors["Nivovo-česneková pomazánka"] != nil)
        #expect(editors.notices.filter { $0.message.contains("is not a note") }.count == 2)
    }

    @Test("the backup file alone, archived and trashed notes; an encrypted backup is refused, nothing imported")
    func fileAloneAndEncrypted() async throws {
        let backup = #"""
            {"version": "004", "items": [
              {"uuid": "n1", "content_type": "Note", "created_at": "2023-01-01T00:00:00.000Z", "updated_at": "2023-01-02T00:00:00.000Z",
               "content": {"title": "Kept away", "text": "old", "references": [], "archived": true}},
              {"uuid": "n2", "content_type": "Note", "created_at": "2023-01-01T00:00:00.000Z", "updated_at": "2023-01-02T00:00:00.000Z",
               "content": {"title": "Thrown", "text": "gone", "references": [], "trashed": true}},
              {"uuid": "t1", "content_type": "Tag", "content": {"title": "work.projects", "references": [{"uuid": "n1", "content_type": "Note"}]}}
            ]}
            """#
        let (report, notes) = try await importing("standard-notes/Standard Notes Backup and Import File.txt", bytes: Array(backup.utf8))
        #expect(report.addedCount == 2)
        #expect(try #require(notes["Kept away"]).tags.map(\.rawValue) == ["archived", "work.projects"])
        #expect(try #require(notes["Thrown"]).isDeleted)
        let encrypted = #"{"version": "004", "items": [{"uuid": "n1", "content_type": "Note", "content": "004:abc:def"}]}"#
        let store = InMemoryNoteStore()
        await #expect(throws: ForeignFormatError.self) { _ = try await importing("x.txt", bytes: Array(encrypted.utf8), into: store) }
        #expect(await store.list(.init(includeDeleted: true)).notes.isEmpty)
    }

    @Test("a zip Simplenote made: notes in a top folder, \\r\\n line breaks, tags, the trash")
    func simplenoteZip() async throws {
        let (report, notes) = try await importing("simplenote/simplenote.zip")
        #expect(report.foreignFormat == "a Simplenote export" && report.addedCount == 3)
        let pages = try #require(notes["List of Pages"])
        #expect(pages.tags.map(\.rawValue) == ["cow", "hello"] && !pages.body.contains("\r"))
        #expect(try #require(notes["Welcome to Simplenote!"]).isDeleted)
    }
}
