import Foundation
import ScratchDirectories
import Testing
import FileSystemInterface
import FileSystemTesting
import LocalFileSystem

extension FileAccessingContractTests {
    /// Every `FileAccessing` implementation, each with a fresh empty root directory.
    enum Implementation: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case local
        case inMemory

        var testDescription: String { rawValue }

        /// A fresh file system and an existing, empty directory in it.
        func make() throws -> (files: any FileAccessing, root: String) {
            switch self {
            case .local:
                return (LocalFileAccessor(), try Scratch.directory("files"))
            case .inMemory:
                let files = InMemoryFileSystem()
                try files.createDirectory("/tmp/root")
                return (files, "/tmp/root")
            }
        }
    }
}

