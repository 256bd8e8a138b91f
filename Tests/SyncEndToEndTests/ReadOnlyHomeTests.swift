import ChildProcesses
import Foundation
import Testing

/// A home one may only read (a backup mounted read-only, a snapshot): the commands that only read
/// work on it, and a write says why it cannot. A read-only bind mount needs root, which CI has.
@Suite("A read-only home")
struct ReadOnlyHomeTests {
    @Test("list, show, search, links, history and export read a home on a read-only mount; add is refused",
          .enabled(if: getuid() == 0, "mounting needs root"))
    func readOnlyMount() async throws {
        let home = try QuillHome()
        defer { home.remove() }
        _ = try await home.succeed(["add", "Kept", "--body", "read me on a read-only disk"])
        let id = String(try await home.succeed(["list"]).prefix(8))
        _ = try await home.succeed(["search", "disk"])
        // Added after the search index was brought up to date: the read-only home's index is behind.
        _ = try await home.succeed(["add", "Later", "--body", "zebra [[Kept]] [[Nowhere]]"])
        let mounted = try temporaryDirectory("read-only")
        defer { try? FileManager.default.removeItem(atPath: mounted) }
        try await mount(["--bind", home.root + "/data", mounted])
        defer { Self.unmount(mounted) }
        try await mount(["-o", "remount,bind,ro", mounted])
        var readOnly = home
        readOnly.extraEnvironment = ["QUILL_HOME": mounted, "XDG_CACHE_HOME": home.root + "/cache"]

        #expect(try await readOnly.succeed(["list"]).contains("Kept"))
        #expect(try await readOnly.succeed(["show", id]).contains("read me on a read-only disk"))
        #expect(try await readOnly.succeed(["search", "disk"]).contains("Kept"))
        // The index is brought up to date in the user's cache, not in the home.
        #expect(try await readOnly.succeed(["search", "zebra"]).contains("Later"))
        #expect(try await readOnly.succeed(["links", "--broken"]).contains("Nowhere"))
        #expect(FileManager.default.fileExists(atPath: home.root + "/cache/quill"))
        #expect(try await readOnly.succeed(["history", id]).contains("created"))
        let archive = home.root + "/out.tar.gz"
        #expect(try await readOnly.succeed(["export", archive]).hasPrefix("Exported 2 notes"))
        let refused = try await readOnly.run(["add", "New"])
        #expect(refused.status == 1 && refused.errors.contains(mounted + "/lock: the file system is read-only"), "\(refused.errors)")
    }

    private static func unmount(_ path: String) {
        let umount = Process()
        umount.executableURL = URL(filePath: "/bin/umount")
        umount.arguments = [path]
        try? umount.run()
        umount.waitUntilExit()
    }

    private func mount(_ arguments: [String]) async throws {
        let result = try await ChildProcess.run("/bin/mount", arguments)
        try #require(result.status == 0, "mount \(arguments.joined(separator: " ")): \(result.errors)")
    }
}
