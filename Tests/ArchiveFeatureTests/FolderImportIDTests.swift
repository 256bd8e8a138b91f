@testable import ArchiveFeature
import ByteStreamTesting
import FileSystemTesting
import ImportFormatsFeature
import Foundation
import NoteStoreTesting
import QuillModels
import StandardInterfaces
import StandardTesting
import Synchronization
import Testing

/// The IDs a folder import gives its notes: from each file's identity (the folder's name and
/// the file's path in it), so that importing the folder again finds them; in the order the
/// import creates them.
@Suite("Note IDs of a folder import")
struct FolderImportIDTests {
    /// IDs that decrease: the opposite of the order an import should hand them out in.
    final class DescendingNoteIDs: NoteIDGenerating {
        private let counter = Mutex<UInt64>(1_000)

        func next() -> NoteID {
            NoteID(high: 0, low: counter.withLock { value in
                defer { value -= 1 }
                return value
            })
        }
    }

    @Test func theNewNotesGetIDsInTheOrderTheImportCreatesThem() async throws {
        let files = InMemoryFileSystem()
        try files.createDirectory("/vault/Sub")
        for name in ["b.md", "a.md", "c.md", "Sub/d.md"] { try files.write(Data("text of \(name)".utf8), to: "/vault/" + name) }
        let store = InMemoryNoteStore()
        let importer = ArchiveImporter(store: store, attachments: nil, decompression: Fixtures.zlib, scratch: InMemoryScratchStorage(),
                                       ids: DescendingNoteIDs(), clock: FixedClock(Fixtures.epoch), background: DefaultPriorityExecutor())
        let added = Mutex<[(String, NoteID)]>([])
        let report = try await importer.importFolder(at: "/vault", files: files, plan: { action in
            if case .added(let entry, let id, _, _) = action { added.withLock { $0.append((entry, id)) } }
        })
        #expect(report.addedCount == 4)
        let order = added.withLock { $0 }
        #expect(Set(order.map(\.0)) == ["a.md", "b.md", "c.md", "Sub/d.md"])
        #expect(order.map(\.1) == order.map(\.1).sorted())
        #expect(order.allSatisfy { $0.1 == ImportedNoteID.of( "folder:vault/" + $0.0) })
    }

    private static func vault(_ files: InMemoryFileSystem, at root: String = "/vault", _ texts: [String: String]) throws {
        try files.createDirectory(root + "/Sub")
        for (name, text) in texts { try files.write(Data(text.utf8), to: root + "/" + name) }
    }

    private static func importer(_ store: InMemoryNoteStore, at seconds: Double = 0) -> ArchiveImporter {
        ArchiveImporter(store: store, attachments: nil, decompression: Fixtures.zlib, scratch: InMemoryScratchStorage(),
                        ids: SequentialNoteIDs(), clock: FixedClock(Fixtures.epoch.addingTimeInterval(seconds)), background: DefaultPriorityExecutor())
    }

    /// A vault of one file, `a.md`, imported into a new store: the store and the note it made.
    private static func vaultImportedOnce(holding text: String) async throws -> (InMemoryFileSystem, InMemoryNoteStore, Note) {
        let files = InMemoryFileSystem()
        try vault(files, ["a.md": text])
        let store = InMemoryNoteStore()
        _ = try await importer(store).importFolder(at: "/vault", files: files)
        return (files, store, try #require(try await Fixtures.snapshot(store).first))
    }

    /// A vault imported, then used in its app, then imported again to catch up: the Obsidian
    /// Hub's 6,571 notes were 13,142 after the second import.
    @Test func aFolderImportedAgainFindsItsNotesAndTakesWhatChangedInTheFiles() async throws {
        let files = InMemoryFileSystem()
        try Self.vault(files, ["a.md": "# A\nfirst\n", "b.md": "# B\ntext\n", "Sub/c.md": "# C\ntext\n"])
        let store = InMemoryNoteStore()
        #expect(try await Self.importer(store).importFolder(at: "/vault", files: files).addedCount == 3)

        let again = try await Self.importer(store, at: 60).importFolder(at: "/vault/", files: files)
        #expect(again.addedCount == 0 && again.unchangedCount == 3)

        try files.write(Data("# A\nchanged in the app\n".utf8), to: "/vault/a.md")
        try files.write(Data("# D\nnew\n".utf8), to: "/vault/d.md")
        let caughtUp = try await Self.importer(store, at: 120).importFolder(at: "/vault", files: files)
        #expect(caughtUp.updatedCount == 1 && caughtUp.addedCount == 1 && caughtUp.unchangedCount == 2)
        let notes = try await Fixtures.snapshot(store)
        #expect(notes.count == 4)
        let a = try #require(notes.first { $0.title == "A" })
        #expect(a.body == "# A\nchanged in the app\n" && a.revision == 2)
        #expect(Set(await store.history(of: a.id).map(\.note.body)) == ["# A\nfirst\n", "# A\nchanged in the app\n"],
                "the text it replaced stays in its history")
    }

    /// Changed here after the file was (its date: here its front matter's, else its modification
    /// time): the note here is kept, and the file's version beside it once, however often the
    /// folder is imported again.
    @Test func aNoteChangedHereKeepsItsTextAndTheFilesVersionIsKeptBesideItOnce() async throws {
        let (files, store, imported) = try await Self.vaultImportedOnce(holding: "---\nupdated: 2026-01-01T00:00:00Z\n---\n# A\nfirst\n")
        try await store.update(try imported.revised(body: "# A\nchanged here\n", at: imported.updated.addingTimeInterval(30)),
                               expectedRevision: imported.revision)
        #expect(try await Self.importer(store, at: 60).importFolder(at: "/vault", files: files).copiedCount == 1)
        let again = try await Self.importer(store, at: 90).importFolder(at: "/vault", files: files)
        #expect(again.copiedCount == 0 && again.addedCount == 0 && again.unchangedCount == 1)
        #expect(await store.note(id: imported.id)?.body == "# A\nchanged here\n")
        #expect(try await Fixtures.snapshot(store).count == 2)
    }

    /// Deleted here (by hand, or by undoing the import): left in the trash, and the report says how
    /// to have it back.
    @Test func aNoteDeletedHereStaysInTheTrashAndTheReportSaysHowToBringItBack() async throws {
        let (files, store, imported) = try await Self.vaultImportedOnce(holding: "# A\nfirst\n")
        try await store.update(imported.deleted(at: Fixtures.epoch.addingTimeInterval(30)), expectedRevision: imported.revision)
        let again = try await Self.importer(store, at: 60).importFolder(at: "/vault", files: files)
        #expect(again.unchangedCount == 1 && again.addedCount == 0)
        #expect(again.notices.map(\.message) == ["deleted here since an earlier import (or by 'quill import --undo'): left in the trash; "
                                                   + "'quill restore \(imported.id.short)' brings it back"])
        #expect(await store.note(id: imported.id)?.isDeleted == true)
    }

    /// Two vaults of different names holding a file of the same path are different notes.
    @Test func theSameFileInAFolderOfAnotherNameIsAnotherNote() async throws {
        let files = InMemoryFileSystem()
        try Self.vault(files, at: "/work", ["Welcome.md": "# Welcome\nwork\n"])
        try Self.vault(files, at: "/home", ["Welcome.md": "# Welcome\nhome\n"])
        let store = InMemoryNoteStore()
        _ = try await Self.importer(store).importFolder(at: "/work", files: files)
        #expect(try await Self.importer(store).importFolder(at: "/home", files: files).addedCount == 1)
        #expect(Set(try await Fixtures.snapshot(store).map(\.body)) == ["# Welcome\nwork\n", "# Welcome\nhome\n"])
    }

    @Test func aFoldersNameIsTheLastOfItsPathAsDotsLead() {
        #expect(FolderReader.name(of: "/home/me/Vault") == "Vault")
        #expect(FolderReader.name(of: "/home/me/Vault/") == "Vault")
        #expect(FolderReader.name(of: "/home/me/Vault/./Sub/..") == "Vault")
        #expect(FolderReader.name(of: "/") == "")
    }

    @Test func aFilesIdentityIsTheSameWhicheverWayItsNameIsComposed() {
        #expect(FolderReader.identity(of: "Cafe\u{301}/Cre\u{300}me.md", inFolderNamed: "Re\u{301}sume\u{301}")
                == FolderReader.identity(of: "Café/Crème.md", inFolderNamed: "Résumé"))
    }
}
