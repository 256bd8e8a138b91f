import ArchiveFeature
import ByteStreamTesting
import ChildProcesses
import Foundation
import LocalFileSystem
import NoteStoreInterface
import NoteStoreTesting
import QuillModels
import ScratchDirectories
import StandardInterfaces
import StandardTesting
import Testing
import ZlibCompression

/// A Google Keep export as Takeout writes it (Tests/Fixtures/OtherApps/google-keep), imported
/// unpacked and zipped as `quill import` does.
@Suite(.scratchDirectory) struct KeepImportTests {
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/OtherApps/google-keep")
    static let clock = FixedClock(Date(timeIntervalSince1970: 1_800_000_000))

    static func importer(_ store: InMemoryNoteStore, _ attachments: InMemoryAttachmentStore) -> ArchiveImporter {
        ArchiveImporter(store: store, attachments: attachments, decompression: ZlibGzip(), scratch: InMemoryScratchStorage(),
                        ids: SequentialNoteIDs(namespace: 0x6E), clock: clock, background: DefaultPriorityExecutor())
    }

    func notes(_ store: InMemoryNoteStore) async throws -> [String: Note] { try await ForeignImport.notesByTitle(store) }

    @Test("every note, with its labels, checklist, colour, pin, archive and trash; what is missing or broken is named")
    func unpackedTakeout() async throws {
        let store = InMemoryNoteStore(), attachments = InMemoryAttachmentStore(clock: Self.clock)
        let report = try await Self.importer(store, attachments).importFolder(at: Self.fixtures.path, files: LocalFileAccessor())
        #expect(report.foreignFormat == "a Google Keep export (Takeout)" && report.addedCount == 13)
        let notes = try await notes(store)
        let checklist = try #require(notes["Checklist note"])
        #expect(checklist.body.hasPrefix("- [ ] First item\n- [ ] Second item and #hashtag\n"))
        #expect(checklist.created == Date(timeIntervalSince1970: 1_690_372_692.755))
        #expect(try #require(notes["Labelled note"]).tags.map(\.rawValue).contains("label-with-spaces"))
        #expect(try #require(notes["Archived note"]).tags.map(\.rawValue) == ["archived"])
        #expect(try #require(notes["Deleted note"]).isDeleted)
        #expect(try #require(notes["Background colour note"]).body.hasPrefix("---\nkeep-color: red\n---\n"))
        #expect(try #require(notes["Pinned text note"]).body.hasPrefix("---\npinned: true\n---\n"))
        #expect(notes["Multiline title note Second line"] != nil)
        #expect(notes["This note has a drawing but no title"] != nil)
        #expect(report.notices.contains { $0.entry.hasSuffix("Voice recording.json") && $0.message.contains("is not in the export") })
        #expect(report.notices.contains { $0.entry.hasSuffix("broken-json-note.json") && $0.message == "not valid JSON; passed over" })

        let again = try await Self.importer(store, attachments).importFolder(at: Self.fixtures.path, files: LocalFileAccessor())
        #expect(again.addedCount == 0 && again.unchangedCount == 13)
    }

    @Test("zipped, as Takeout delivers it; an attachment named .jpeg in the JSON is found as .jpg")
    func zippedTakeout() async throws {
        let directory = try Scratch.directory("keep")
        let zip = directory + "/takeout-20240101.zip"
        let script = """
            import json, os, sys, zipfile
            source, path = sys.argv[1], sys.argv[2]
            z = zipfile.ZipFile(path, 'w', zipfile.ZIP_DEFLATED)
            for name in sorted(os.listdir(source)):
                z.write(os.path.join(source, name), 'Takeout/Keep/' + name)
            note = {"attachments": [{"filePath": "photo.jpeg", "mimetype": "image/jpeg"}], "color": "DEFAULT", "isTrashed": False,
                    "isPinned": False, "isArchived": False, "textContent": "A photo", "title": "Photo", "createdTimestampUsec": 1690514572858000}
            z.writestr('Takeout/Keep/Photo.json', json.dumps(note))
            z.writestr('Takeout/Keep/photo.jpg', b'\\xff\\xd8 not really a jpeg')
            z.close()
            """
        let made = try await ChildProcess.run("/usr/bin/env", ["python3", "-c", script, Self.fixtures.appending(path: "Takeout/Keep").path, zip])
        #expect(made.status == 0, "\(made.errors)")
        let store = InMemoryNoteStore(), attachments = InMemoryAttachmentStore(clock: Self.clock)
        let bytes = Array(try Data(contentsOf: URL(filePath: zip)))
        let report = try await Self.importer(store, attachments).importArchive(from: InMemoryByteSource(bytes), name: zip, files: LocalFileAccessor())
        #expect(report.addedCount == 14 && report.attachmentCount == 1)
        let photo = try #require(try await notes(store)["Photo"])
        let reference = try #require(AttachmentReference.scan(photo.body).first)
        #expect(reference.name == "photo.jpg" && reference.isEmbedded)
        #expect(try attachments.all().map(\.hash) == [reference.hash])
    }

    /// A Keep note whose microseconds lie past the year 9999 was written as a note no reader took
    /// back ("is corrupt: '-290308-12-21T19:59:05.224Z' is not an ISO-8601 date").
    @Test("a date no timestamp can hold is left out, said so, and the note reads back")
    func aDateOutOfRangeIsLeftOut() async throws {
        let directory = try Scratch.directory("keep-far")
        try FileManager.default.createDirectory(atPath: directory + "/Takeout/Keep", withIntermediateDirectories: true)
        let json = #"{"color":"DEFAULT","isTrashed":false,"isPinned":false,"isArchived":false,"textContent":"far","title":"Far","#
            + #""userEditedTimestampUsec":9223372036854775807,"createdTimestampUsec":1690436859970000}"#
        try Data(json.utf8).write(to: URL(filePath: directory + "/Takeout/Keep/far.json"))
        let store = InMemoryNoteStore(), attachments = InMemoryAttachmentStore(clock: Self.clock)
        let report = try await Self.importer(store, attachments).importFolder(at: directory, files: LocalFileAccessor())
        let note = try #require(try await notes(store)["Far"])
        #expect(note.created == Date(timeIntervalSince1970: 1_690_436_859.970) && note.updated == note.created)
        #expect(report.notices.contains { $0.message.hasPrefix("the updated date 294247-") && $0.message.hasSuffix("left out") }, "\(report.notices)")
        #expect(throws: NoteValidationError.self) {
            try Note(id: note.id, title: "x", body: "", tags: [], created: note.created, updated: Date(timeIntervalSince1970: 9_223_372_036_854))
        }
    }
}
