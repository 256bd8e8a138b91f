import Foundation
import Testing
import FileSystemInterface
import FileSystemTesting
import LocalFileSystem

/// Every `FileAccessing` implementation, each with a fresh empty root directory.
enum FileSystemFixture: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case local
    case inMemory

    var testDescription: String { rawValue }

    /// A fresh file system and an existing, empty directory in it.
    func make() throws -> (files: any FileAccessing, root: String) {
        switch self {
        case .local:
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("quill-fs-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
            return (LocalFileAccessor(), root)
        case .inMemory:
            let files = InMemoryFileSystem()
            try files.createDirectory("/tmp/root")
            return (files, "/tmp/root")
        }
    }
}

