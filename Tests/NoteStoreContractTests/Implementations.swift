import FileNoteStore
import FileSystemTesting
import Foundation
import LocalFileSystem
import NoteStoreInterface
import NoteStoreTesting
import ScratchDirectories
import Testing

/// Every `NoteStore` implementation the contract must hold for.
enum Implementation: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case inMemory
    case fileOnInMemoryFileSystem
    case fileOnDisk

    var testDescription: String { rawValue }

    func make() throws -> any NoteStore {
        switch self {
        case .inMemory:
            return InMemoryNoteStore()
        case .fileOnInMemoryFileSystem:
            return FileNoteStore(root: "/data/quill", files: InMemoryFileSystem(), locks: InMemoryLocking())
        case .fileOnDisk:
            return FileNoteStore(root: try Scratch.directory("store") + "/quill", files: LocalFileAccessor(), locks: FlockLocking())
        }
    }
}
