import FileSystemInterface
import FileSystemTesting
import JSONFileSettings
import LocalFileSystem
import ScratchDirectories
import SettingsInterface
import SettingsTesting
import Testing

/// Every `SettingsStoring` implementation, each over a fresh empty config directory: the JSON
/// file on the real disk (LocalFileSystem), the JSON file on the in-memory file system, and the
/// in-memory fake the preview root uses.
enum SettingsFixture: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case jsonFileOnDisk
    case jsonFileInMemory
    case inMemory

    var testDescription: String { rawValue }

    func make() throws -> any SettingsStoring {
        switch self {
        case .jsonFileOnDisk:
            let directory = try Scratch.directory("config") + "/quill"
            return JSONSettingsFile(directory: FixedConfigDirectory(directory), files: LocalFileAccessor(), locks: FlockLocking())
        case .jsonFileInMemory:
            return JSONSettingsFile(directory: FixedConfigDirectory("/home/u/.config/quill"), files: InMemoryFileSystem(), locks: InMemoryLocking())
        case .inMemory:
            return InMemorySettings()
        }
    }
}
