import Foundation
import ScratchDirectories
import StandardAdapters
import StandardInterfaces
import StandardTesting
import Testing

/// What every `DirectoryWatching` must do, run against inotify and the manual double.
@Suite("DirectoryWatching contract", .scratchDirectory)
struct DirectoryWatchingContractTests {
    enum Implementation: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case inotify
        case manual

        var testDescription: String { rawValue }

        /// The watcher, and how a test changes a file in a directory it watches.
        func make() -> (watching: any DirectoryWatching, change: @Sendable (_ directory: String, _ name: String) throws -> Void) {
            switch self {
            case .inotify:
                return (InotifyDirectoryWatching(), { directory, name in
                    try Data("changed \(Date())".utf8).write(to: URL(fileURLWithPath: directory + "/" + name))
                })
            case .manual:
                let manual = ManualDirectoryWatching()
                return (manual, { directory, _ in manual.changed(directory) })
            }
        }
    }

    /// Whether `changes` gives an element within `seconds` (waiting on it from a child task;
    /// one iteration at a time).
    static func wakes(_ changes: AsyncStream<Void>, within seconds: Double) async -> Bool {
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                var iterator = changes.makeAsyncIterator()
                return await iterator.next() != nil
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(seconds))
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
    }

    @Test("A change to a file in the directory wakes the watcher, each time", arguments: Implementation.allCases)
    func wakesOnChange(_ implementation: Implementation) async throws {
        let (watching, change) = implementation.make()
        let directory = try Scratch.directory("watch")
        let changes = try watching.changes(in: directory)
        try change(directory, "journal")
        #expect(await Self.wakes(changes, within: 5))
        try change(directory, "journal")
        #expect(await Self.wakes(changes, within: 5))
    }

    @Test("A change inside a subdirectory does not wake it", arguments: Implementation.allCases)
    func subdirectoriesAreNotWatched(_ implementation: Implementation) async throws {
        let (watching, change) = implementation.make()
        let directory = try Scratch.directory("watch")
        try FileManager.default.createDirectory(atPath: directory + "/inner", withIntermediateDirectories: false)
        let changes = try watching.changes(in: directory)
        try change(directory + "/inner", "file")
        #expect(await !Self.wakes(changes, within: 0.3))
    }

    @Test("A directory that does not exist cannot be watched, and says which", arguments: [Implementation.inotify])
    func missingDirectory(_ implementation: Implementation) throws {
        let missing = try Scratch.directory("watch") + "/missing"
        #expect { try implementation.make().watching.changes(in: missing) } throws: { error in
            (error as? DirectoryWatchError)?.directory == missing
        }
    }

    @Test("The double refuses the directories it is told to, as the kernel refuses one")
    func manualRefuses() {
        let manual = ManualDirectoryWatching(refusing: ["/x": "no such directory"])
        #expect(throws: DirectoryWatchError(directory: "/x", reason: "no such directory")) { try manual.changes(in: "/x") }
    }
}
