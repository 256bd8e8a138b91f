import ArchiveFeature
import ByteStreamTesting
import FileSystemTesting
import Foundation
import NoteStoreTesting
import QuillModels
import StandardTesting
import Testing

/// A folder of plain text notes (`.txt`, as Notational Velocity, nvALT or a Simplenote export
/// keep them) imports as notes; beside Markdown a `.txt` is a file a note refers to; a folder
/// with no notes at all is refused rather than "imported" as nothing.
@Suite("Text files in a folder import")
struct FolderTextNotesTests {
    private func importing(_ files: [String: String]) async throws -> (ImportReport, [String: Note]) {
        let folder = InMemoryFileSystem()
        try folder.createDirectory("/notes/Work")
        for (path, text) in files { try folder.write(Data(text.utf8), to: "/notes/" + path) }
        let store = InMemoryNoteStore()
        let importer = ArchiveImporter(store: store, attachments: InMemoryAttachmentStore(clock: FixedClock(Fixtures.epoch)),
                                       decompression: Fixtures.zlib, scratch: InMemoryScratchStorage(), ids: SequentialNoteIDs(),
                                       clock: FixedClock(Fixtures.epoch), background: DefaultPriorityExecutor())
        let report = try await importer.importFolder(at: "/notes", files: folder)
        return (report, Dictionary(try await Fixtures.snapshot(store).map { ($0.title, $0) }, uniquingKeysWith: { first, _ in first }))
    }

    @Test func aFolderOfTextFilesIsAFolderOfNotes() async throws {
        let (report, notes) = try await importing(["Groceries.txt": "milk\neggs\n", "Work/Call Bob.TXT": "about the budget", "photo.jpg": "not text"])
        #expect(report.addedCount == 2 && report.skippedEntries == ["photo.jpg"])
        #expect(notes["Groceries"]?.body == "milk\neggs\n")
        #expect(notes["Call Bob"]?.tags.map(\.rawValue) == ["work"])
    }

    @Test func besideMarkdownATextFileIsNoNote() async throws {
        let (report, notes) = try await importing(["Plan.md": "# Plan\n\nSee [the log](log.txt).", "log.txt": "a log", "other.txt": "loose"])
        #expect(report.addedCount == 1 && Set(notes.keys) == ["Plan"])
        #expect(report.attachmentCount == 1 && report.skippedEntries == ["other.txt"])
    }

    @Test func aFolderWithNoNotesIsRefused() async throws {
        await #expect(throws: ArchiveError.noNotesInFolder("/notes")) { try await importing(["photo.jpg": "not text"]) }
        await #expect(throws: ArchiveError.noNotesInFolder("/notes")) { try await importing([:]) }
    }
}
