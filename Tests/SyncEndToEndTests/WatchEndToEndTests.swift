import ChildProcesses
import Foundation
import Testing

/// `quill sync --watch` as a person runs it: in a terminal (a pseudo-terminal made by `script`),
/// stopped with Ctrl-C, beside another home that syncs by hand, with the server killed and
/// started again under it.
@Suite("quill sync --watch end to end", .serialized)
struct WatchEndToEndTests {
    /// `quill sync --watch` in a pseudo-terminal: what it printed, and the terminal's keyboard.
    final class WatchingQuill: Sendable {
        let process = Process()
        let input = Pipe()
        let printed = LockedData()

        init(home: QuillHome) throws {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
            // `exec`: with SHELL=/bin/sh (dash), the shell that `script` starts would otherwise
            // stay as quill's parent, die of the Ctrl-C itself and report 130 for a clean stop.
            process.arguments = ["-qfec", "exec '\(Binaries.quill)' sync --watch", "/dev/null"]
            process.environment = home.environment
            let output = Pipe()
            process.standardOutput = output
            process.standardError = output
            process.standardInput = input
            let printed = self.printed
            output.fileHandleForReading.readabilityHandler = { handle in printed.append(handle.availableData) }
            try process.run()
        }

        var text: String { String(decoding: printed.get(), as: UTF8.self) }

        func waitFor(_ words: String, count: Int = 1, within limit: Duration = .seconds(20)) async throws {
            try await BoundedWait.until("quill sync --watch printed '\(words)' \(count) time(s); it printed:\n\(text)", within: limit,
                                        checkingEvery: .milliseconds(20)) {
                text.components(separatedBy: words).count - 1 >= count
            }
        }

        /// Ctrl-C, typed in its terminal.
        func interrupt() { input.fileHandleForWriting.write(Data([0x03])) }

        func kill() {
            guard process.isRunning else { return }
            Foundation.kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    func titles(_ home: QuillHome) async throws -> Set<String> {
        let listing = try await home.succeed(["list", "--json"])
        let items = try JSONSerialization.jsonObject(with: Data(listing.utf8)) as? [[String: Any]] ?? []
        return Set(items.compactMap { $0["title"] as? String })
    }

    @Test("Changes flow both ways within seconds, a server killed and restarted is ridden out (told once), and Ctrl-C stops it cleanly")
    func watchesBothWays() async throws {
        let data = try temporaryDirectory("watch-server")
        let storage = ["--data-dir", data]
        let token = try await ServerUnderTest.createAccount("watch", storage: storage)
        var server = try await ServerUnderTest.start(storage: storage)
        let port = server.port
        let watched = try QuillHome(), other = try QuillHome()
        defer { watched.remove(); other.remove() }
        try await watched.succeed(["login", "--server", server.url, "--token", token])
        try await other.succeed(["login", "--server", server.url, "--token", token])
        try await watched.succeed(["add", "Before watching", "--body", "one"])

        let watcher = try WatchingQuill(home: watched)
        defer { watcher.kill(); server.terminate() }
        try await watcher.waitFor("watching this home")
        try await watcher.waitFor("pushed 1")
        #expect(try await watched.succeed(["status"]).contains("watcher: running (process"))

        // Another device's change arrives without anyone running quill sync here.
        try await other.succeed(["add", "From the other device", "--body", "同步 two"])
        try await other.succeed(["sync"])
        try await BoundedWait.until("the other device's note reached the watched home", within: .seconds(10), checkingEvery: .milliseconds(200)) {
            (try? await titles(watched).contains("From the other device")) == true
        }
        // A note saved here goes out by itself.
        try await watched.succeed(["add", "Saved here", "--body", "three"])
        try await BoundedWait.until("the note saved in the watched home reached the server", within: .seconds(10), checkingEvery: .milliseconds(200)) {
            _ = try? await other.run(["sync"])
            return (try? await titles(other).contains("Saved here")) == true
        }

        // The server dies and comes back on the same port: told once each way.
        _ = try await server.stop(SIGKILL)
        try await watched.succeed(["add", "Written while the server was away"])
        try await watcher.waitFor("trying again in the background")
        try await Task.sleep(for: .seconds(3))
        server = try await ListeningServer(ServerUnderTest.executable, ["serve", "--host", "127.0.0.1", "--port", String(port)] + storage)
        try await watcher.waitFor("connected to the server again", within: .seconds(60))
        try await BoundedWait.until("the note written during the outage reached the server", within: .seconds(30), checkingEvery: .milliseconds(200)) {
            _ = try? await other.run(["sync"])
            return (try? await titles(other).contains("Written while the server was away")) == true
        }
        try await other.succeed(["add", "After the restart"])
        try await other.succeed(["sync"])
        try await BoundedWait.until("a change after the restart reached the watched home", within: .seconds(10), checkingEvery: .milliseconds(200)) {
            (try? await titles(watched).contains("After the restart")) == true
        }
        // Told once for the outage (not once per retry while the server was away). A later break of
        // the live connection (a loaded machine can make one: the server drops a stream that lags)
        // is another outage, told once too.
        let outage = watcher.text.components(separatedBy: "connected to the server again")[0]
        #expect(outage.components(separatedBy: "trying again in the background").count == 2, "\(watcher.text)")

        watcher.interrupt()
        try await watcher.waitFor("stopped watching", within: .seconds(10))
        try await BoundedWait.until("quill sync --watch exited", within: .seconds(10)) { !watcher.process.isRunning }
        #expect(watcher.process.terminationStatus == 0)
        #expect(try await watched.succeed(["status"]).contains("watcher: not running"))
        #expect(try await titles(watched) == titles(other))
    }

    @Test("SIGTERM stops a watcher cleanly, and a second watcher on the same home is refused while the first runs")
    func sigtermAndOnePerHome() async throws {
        let data = try temporaryDirectory("watch-server")
        let storage = ["--data-dir", data]
        let token = try await ServerUnderTest.createAccount("watch", storage: storage)
        let server = try await ServerUnderTest.start(storage: storage)
        defer { server.terminate() }
        let home = try QuillHome()
        defer { home.remove() }
        try await home.succeed(["login", "--server", server.url, "--token", token])
        let watcher = try WatchingQuill(home: home)
        defer { watcher.kill() }
        try await watcher.waitFor("watching this home")
        let second = try await home.run(["sync", "--watch"])
        #expect(second.status != 0 && second.errors.contains("already watching this home"), "\(second.errors)")
        let quill = try #require(try await ChildProcess.run("/usr/bin/pgrep", ["-P", String(watcher.process.processIdentifier)]).output
            .split(separator: "\n").first.flatMap { Int32($0) })
        kill(quill, SIGTERM)
        try await watcher.waitFor("stopped watching", within: .seconds(10))
        try await BoundedWait.until("quill sync --watch exited", within: .seconds(10)) { !watcher.process.isRunning }
        #expect(watcher.process.terminationStatus == 0)
    }
}
