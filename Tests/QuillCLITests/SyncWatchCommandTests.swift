import Foundation
import QuillCLI
import QuillModels
import SyncStateInterface
import SyncTransportInterface
import SyncTransportTesting
import Testing

/// Waits until `condition` holds, checking it up to `checks` times 20 ms apart; whether it did.
/// Counted in checks, not by the clock: in a test run that keeps every thread busy, the task under
/// test gets its turns between the checks however long each wait turns out to be.
func eventually(checks: Int = 3000, _ condition: () async throws -> Bool) async rethrows -> Bool {
    for _ in 0..<checks {
        if try await condition() { return true }
        try? await Task.sleep(for: .milliseconds(20))
    }
    return try await condition()
}

/// `quill sync --watch` against the in-memory server: the home's directory and the stop request
/// are the test's to trigger.
extension SyncCommandsTests {
    func note(_ id: String, _ title: String) throws -> Note {
        try Note(id: #require(NoteID(id)), title: title, body: "", tags: [], created: epoch, updated: epoch)
    }

    /// Starts `quill sync --watch` (over `transport`, else the server) as a task.
    func startWatching(transport: (any SyncTransport)? = nil) throws -> Task<Void, any Error> {
        let command = try SyncCommand.parse(["--watch"])
        let environment = environment(transport: transport)
        return Task { try await command.runReportingFailures(in: environment) }
    }

    @Test("sync --watch syncs at once, sends a note saved here when the home changes, applies a note the server announces, and stops when asked")
    func watchSyncsBothWays() async throws {
        try await credentials.save(Credentials(server: URL(string: "http://127.0.0.1:8080")!, token: "t"))
        try await store.create(try note("c1", "Written before"))
        let watching = try startWatching()
        #expect(await eventually { console.output.contains("Z pulled 0, pushed 1, conflicts 0\n") })
        #expect(await server.allNotes().map(\.title) == ["Written before"])
        #expect(try await watchers.current() != nil)
        try await run(try StatusCommand.parse([]))
        #expect(console.output.contains("watcher: running (process 4242, since"))

        try await store.create(try note("c2", "Saved while watching"))
        home.changed("/home")
        #expect(await eventually { await server.allNotes().count == 2 })

        await server.seed([try note("d1", "From another device")])
        #expect(try await eventually { try await store.note(id: #require(NoteID("d1"))) != nil })

        stops.requestStop()
        try await watching.value
        #expect(try await watchers.current() == nil)
        #expect(console.errors.contains("quill: watching this home and http://127.0.0.1:8080; Ctrl-C stops\n"))
        #expect(console.errors.hasSuffix("quill: stopped watching\n"))
        #expect(console.output.components(separatedBy: "Z pulled 0, pushed 1, conflicts 0\n").count == 3)
        #expect(console.output.contains("Z pulled 1, pushed 0, conflicts 0\n"))
        #expect(await store.pendingChanges().isEmpty)
    }

    @Test("A server that cannot be reached is told once, and its return once; the note saved meanwhile goes out then")
    func outageToldOnce() async throws {
        try await credentials.save(Credentials(server: URL(string: "http://127.0.0.1:8080")!, token: "t"))
        try await store.create(try note("c1", "Written offline"))
        let away = Array(repeating: NetworkFault.fail(.unreachable("connection refused")), count: 12)
        let network = UnreliableTransport(server: server, faults: .scripted(away))
        let watching = try startWatching(transport: network)
        #expect(await eventually { await server.allNotes().count == 1 })
        #expect(await eventually { console.errors.contains("connected to the server again") })
        stops.requestStop()
        try await watching.value
        #expect(console.errors.components(separatedBy: "cannot reach the sync server: connection refused; trying again in the background\n").count == 2)
        #expect(console.errors.components(separatedBy: "quill: connected to the server again\n").count == 2)
    }

    @Test("A stream the server closes is opened again, and the changes after it still arrive")
    func reconnectsAfterClose() async throws {
        try await credentials.save(Credentials(server: URL(string: "http://127.0.0.1:8080")!, token: "t"))
        let watching = try startWatching()
        #expect(await eventually { await server.followingStreams == 1 })
        await server.endStreams(reason: "the server is stopping; connect again")
        #expect(await eventually { console.errors.contains("quill: connected to the server again\n") })
        await server.seed([try note("d2", "After the restart")])
        #expect(try await eventually { try await store.note(id: #require(NoteID("d2"))) != nil })
        stops.requestStop()
        try await watching.value
        #expect(console.errors.contains("quill: the server is stopping; connect again; trying again in the background\n"))
    }

    @Test("A second watcher on the same home is refused, naming the first")
    func oneWatcherPerHome() async throws {
        try await credentials.save(Credentials(server: URL(string: "http://127.0.0.1:8080")!, token: "t"))
        let first = try startWatching()
        #expect(try await eventually { try await watchers.current() != nil })
        await #expect { try await run(try SyncCommand.parse(["--watch"])) } throws: { error in
            (error as? CLIFailure)?.message.contains("already watching this home") ?? false
        }
        stops.requestStop()
        try await first.value
    }

    @Test("A refused token ends the watch with the error, not a loop")
    func refusedTokenEnds() async throws {
        try await credentials.save(Credentials(server: URL(string: "http://127.0.0.1:8080")!, token: "t"))
        let network = UnreliableTransport(server: server, faults: .scripted([.fail(.unauthorized)]))
        await #expect { try await run(try SyncCommand.parse(["--watch"]), transport: network) } throws: { error in
            (error as? CLIFailure)?.message.contains("refused the token") ?? false
        }
        #expect(try await watchers.current() == nil)
    }
}
