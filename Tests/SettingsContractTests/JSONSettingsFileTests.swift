import FileSystemInterface
import FileSystemTesting
import Foundation
import JSONFileSettings
import LocalFileSystem
import ScratchDirectories
import SettingsInterface
import Testing

/// What only the JSON file does: its format, the directory it lives in, and a corrupt or
/// unreachable file reported with its path and never overwritten.
@Suite("JSON settings file", .scratchDirectory)
struct JSONSettingsFileTests {
    let directory = "/home/u/.config/quill"
    let path = "/home/u/.config/quill/settings.json"
    let files = InMemoryFileSystem()

    var store: JSONSettingsFile {
        JSONSettingsFile(directory: FixedConfigDirectory(directory), files: files, locks: InMemoryLocking())
    }

    @Test func theFileIsReadableJSONWithTheDocumentedKeysAndItsDirectoryIsCreated() async throws {
        try await store.update { $0 = Settings(editor: "code -w", exportLevel: 9, listLimit: .atMost(20), dates: .local, color: .never) }
        #expect(String(decoding: try files.read(path), as: UTF8.self) == """
            {
              "color" : "never",
              "dates" : "local",
              "editor" : "code -w",
              "export.level" : 9,
              "list.limit" : 20
            }

            """)
    }

    @Test func aHandWrittenFileIsRead() async throws {
        try files.createDirectory(directory)
        try files.write(Data(#"{"list.limit": "all", "dates": "utc", "future.key": [1, 2], "editor": null}"#.utf8), to: path)
        #expect(try await store.load() == Settings(listLimit: .all, dates: .utc))
    }

    @Test(arguments: [
        ("{not json", "not a JSON object of settings"),
        ("[1, 2]", "not a JSON object of settings"),
        (#"{"export.level": 12}"#, "'12' is not a valid export.level: expected 1 (fastest) to 9 (smallest)"),
        (#"{"color": "sometimes"}"#, "'sometimes' is not a valid color: expected auto, always or never"),
        (#"{"list.limit": true}"#, "list.limit must be a string or a number"),
    ])
    func aCorruptFileIsAnErrorNamingItAndIsNeverOverwritten(contents: String, reason: String) async throws {
        try files.createDirectory(directory)
        try files.write(Data(contents.utf8), to: path)
        await #expect(throws: SettingsError.corrupt(path: path, reason: reason)) { try await store.load() }
        await #expect(throws: SettingsError.corrupt(path: path, reason: reason)) { try await store.update { $0.dates = .utc } }
        #expect(try files.read(path) == Data(contents.utf8))
        #expect(SettingsError.corrupt(path: path, reason: reason).description.contains(path))
    }

    @Test func noConfigDirectoryIsAnError() async throws {
        let store = JSONSettingsFile(directory: FixedConfigDirectory(nil), files: files, locks: InMemoryLocking())
        await #expect(throws: SettingsError.self) { try await store.load() }
        await #expect(throws: SettingsError.self) { try await store.update { $0.dates = .utc } }
    }

    @Test func aFailedWriteKeepsTheOldSettings() async throws {
        try await store.update { $0.exportLevel = 2 }
        // The directory is made (one mutation), then the write fails as a full disk would.
        let failing = FailingFileAccessor(wrapping: files, mutationsBeforeFailure: 1)
        let store = JSONSettingsFile(directory: FixedConfigDirectory(directory), files: failing, locks: InMemoryLocking())
        await #expect(throws: SettingsError.unavailable(path: path, reason: "no space left on device while writing injected failure")) {
            try await store.update { $0.exportLevel = 3 }
        }
        #expect(failing.hasFailed)
        #expect(try await self.store.load() == Settings(exportLevel: 2))
    }

    @Test func onDiskTheFileIsReplacedAtomicallyAndNoTemporaryFileIsLeft() async throws {
        let root = try Scratch.directory("config")
        let store = JSONSettingsFile(directory: FixedConfigDirectory(root + "/quill"), files: LocalFileAccessor(), locks: FlockLocking())
        try await store.update { $0.color = .always }
        try await store.update { $0.color = .never }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/quill").sorted() == ["settings.json", "settings.lock"])
        #expect(try await store.load() == Settings(color: .never))
    }
}
