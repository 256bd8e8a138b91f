import FileNoteStore
import FileSystemTesting
import Foundation
import LocalFileSystem
import NoteStoreInterface
import NoteStoreTesting
import QuillModels
import ScratchDirectories
import Testing

/// Every `NoteStore` implementation the contract must hold for.
enum Implementation: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case inMemory
    case fileOnInMemoryFileSystem
    case fileOnDisk

    var testDescription: String { rawValue }

    func make() throws -> any NoteStore {
        try makeDamageable().store
    }

    /// The store, and where its notes can be damaged (a file store's), a way to damage one:
    /// its stored form overwritten with bytes that are no note.
    func makeDamageable() throws -> (store: any NoteStore, damage: (@Sendable (NoteID) throws -> Void)?) {
        switch self {
        case .inMemory:
            return (InMemoryNoteStore(), nil)
        case .fileOnInMemoryFileSystem:
            let files = InMemoryFileSystem()
            return (FileNoteStore(root: "/data/quill", files: files, locks: InMemoryLocking(), readerSyncDelay: .zero),
                    { id in try files.write(Data("{\"damaged".utf8), to: "/data/quill/notes/\(id.rawValue).json") })
        case .fileOnDisk:
            let root = try Scratch.directory("store") + "/quill"
            let files = LocalFileAccessor()
            return (FileNoteStore(root: root, files: files, locks: FlockLocking(), readerSyncDelay: .zero),
                    { id in try files.write(Data("{\"damaged".utf8), to: root + "/notes/\(id.rawValue).json") })
        }
    }
}
