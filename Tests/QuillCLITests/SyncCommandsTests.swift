import Foundation
import NoteStoreTesting
import QuillCLI
import QuillModels
import QuillTestComposition
import StandardTesting
import SyncFeature
import SyncStateInterface
import SyncStateTesting
import SyncTransportInterface
import SyncTransportTesting
import Testing

/// `quill login`, `logout`, `sync` and `status` against an in-memory server.
@Suite("Sync commands")
struct SyncCommandsTests {
    let server = FakeSyncServer()
    let store = InMemoryNoteStore()
    let console = RecordingConsole()
    let credentials = InMemoryCredentialStore()
    let state = InMemorySyncStateStore()
    let bases = InMemoryBaseRevisionStore()
    let watchers = InMemoryWatcherRegistry()
    /// The home's directory, as a watcher sees it change.
    let home = ManualDirectoryWatching()
    let stops = ManualStopRequests()
    let epoch = Date(timeIntervalSince1970: 1_795_000_000)

    func environment(transport: (any SyncTransport)? = nil) -> CLIEnvironment {
        let transport = transport ?? server
        return QuillTestRoots.test(
            store: store, clock: FixedClock(epoch), ids: SequentialNoteIDs(), console: console,
            sync: SyncEnvironment(credentials: credentials, state: state, baseRevisions: bases, sleeper: RecordingSleeper(realTimeScale: 0.001),
                                  random: SeededRandomSource(seed: 7), makeTransport: { _ in transport }, makeShareTransport: { [server] _ in server }, makeDeviceLoginTransport: { [server] _ in server }, deviceName: "test device", watchers: watchers,
                                  localChanges: { [home] in try home.changes(in: "/home") }),
            stopRequests: stops)
    }

    func run(_ command: any QuillCommand, transport: (any SyncTransport)? = nil) async throws {
        try await command.runReportingFailures(in: environment(transport: transport))
    }

    @Test("login checks the server, saves the credentials and says so")
    func login() async throws {
        try await run(try LoginCommand.parse(["--server", "https://notes.example.com", "--token", "qt_1"]))
        #expect(try await credentials.load() == Credentials(server: URL(string: "https://notes.example.com")!, token: "qt_1"))
        #expect(console.output == "logged in to https://notes.example.com\n")
    }

    @Test("login names the server one way: a trailing slash and the API's /v1 are dropped", arguments: [
        ("https://notes.example.com/", "https://notes.example.com"), ("https://notes.example.com/v1", "https://notes.example.com"),
        ("https://notes.example.com/v1/", "https://notes.example.com"), ("https://example.com/quill/", "https://example.com/quill"),
    ])
    func loginNamesTheServerOneWay(_ given: String, _ saved: String) async throws {
        try await run(try LoginCommand.parse([given, "--token", "qt_1"]))
        #expect(try await credentials.load()?.server == URL(string: saved)!)
    }

    @Test("a login saved with a trailing slash is the same server: logging in again keeps the sync state")
    func aLoginSavedWithASlashIsTheSameServer() async throws {
        try await credentials.save(Credentials(server: URL(string: "https://notes.example.com/")!, token: "qt_0"))
        var synced = SyncState()
        synced.cursor = SyncCursor("42")
        try await state.save(synced)
        try await run(try LoginCommand.parse(["https://notes.example.com", "--token", "qt_1"]))
        #expect(try await state.load().cursor == SyncCursor("42"))
        try await run(try LoginCommand.parse(["https://other.example.com", "--token", "qt_2"]))
        #expect(try await state.load().cursor == nil, "another server starts over")
    }

    /// The login is the user's and the sync state the home's: a second home's `quill login` to
    /// another server (or `QUILL_SERVER` naming one) put this home's cursor, made with the first
    /// server, to use with the second, which then pulled nothing it held before that cursor.
    @Test("a sync state made with another server is forgotten, and the sync says so; one without a server is taken as this one's")
    func aStateOfAnotherServerIsForgotten() async throws {
        let here = try #require(URL(string: "https://notes.example.com"))
        let b2 = try #require(NoteID("b2"))
        await server.seed([try Note(id: #require(NoteID("a1")), title: "On the server", body: "", tags: [], created: epoch, updated: epoch)])
        try await credentials.save(Credentials(server: here, token: "qt_1"))
        try await state.save(SyncState(server: URL(string: "https://other.example.com"), cursor: SyncCursor("999")))
        try await bases.record([b2: 7])
        try await run(try SyncCommand.parse([]))
        #expect(console.output.hasPrefix("pulled 1, pushed 0"), "\(console.output)")
        #expect(console.errors.contains("this home last synced with https://other.example.com, another server than this sync's; this sync began from the start"), "\(console.errors)")
        #expect(try await state.load().server == here)
        #expect(try await bases.baseRevisions(of: [b2]).isEmpty)

        // A state saved before the server was kept: its cursor is this server's, and it is kept.
        let cursor = try await state.load().cursor
        try await state.save(SyncState(cursor: cursor))
        try await run(try SyncCommand.parse([]))
        #expect(console.output.hasSuffix("pulled 0, pushed 0, conflicts 0\n"), "\(console.output)")
        #expect(console.errors.components(separatedBy: "last synced with").count == 2, "\(console.errors)")
        let kept = try await state.load()
        #expect(kept.server == here && kept.cursor == cursor)
    }

    @Test("login refuses a token the server rejects, and saves nothing")
    func loginRejected() async throws {
        let network = UnreliableTransport(server: server, faults: .scripted([.fail(.unauthorized)]))
        await #expect { try await run(try LoginCommand.parse(["--server", "http://127.0.0.1:9", "--token", "bad"]),
                                      transport: network) } throws: { error in
            (error as? CLIFailure)?.hint?.contains("quill login") ?? false
        }
        #expect(try await credentials.load() == nil)
    }

    @Test("login refuses what is not an http(s) URL", arguments: ["ftp://x", "notes.example.com", "http://"])
    func loginValidatesURL(_ url: String) {
        #expect(throws: (any Error).self) { try LoginCommand.parse(["--server", url, "--token", "t"]) }
        #expect(throws: (any Error).self) { try LoginCommand.parse([url, "--token", "t"]) }
    }

    /// `quill login https://notes.example.com`, as `docker login` and `ssh` name their host; a
    /// server named twice, differently, or not at all is refused before anything is asked.
    @Test("login takes the server as its argument too")
    func loginTakesTheServerAsAnArgument() async throws {
        try await run(try LoginCommand.parse(["https://notes.example.com", "--token", "qt_1"]))
        #expect(try await credentials.load() == Credentials(server: URL(string: "https://notes.example.com")!, token: "qt_1"))
        #expect(throws: (any Error).self) { try LoginCommand.parse(["--token", "t"]) }
        #expect(throws: (any Error).self) { try LoginCommand.parse(["https://a.example.com", "--server", "https://b.example.com", "--token", "t"]) }
        #expect(throws: Never.self) { try LoginCommand.parse(["https://a.example.com", "--server", "https://a.example.com", "--token", "t"]) }
    }

    @Test("sync without login tells the user how to log in")
    func syncNeedsLogin() async throws {
        await #expect { try await run(try SyncCommand.parse([])) } throws: { error in
            (error as? CLIFailure)?.hint?.contains("quill login") ?? false
        }
    }

    @Test("sync prints the counts; status shows pending changes and the last sync")
    func syncAndStatus() async throws {
        try await credentials.save(Credentials(server: URL(string: "http://127.0.0.1:8080")!, token: "t"))
        await server.seed([try Note(id: NoteID("ab")!, title: "From the server", body: "", tags: [], created: epoch,
                                    updated: epoch)])
        try await store.create(try Note(id: NoteID("cd")!, title: "Mine", body: "", tags: [], created: epoch, updated: epoch))

        try await run(try StatusCommand.parse([]))
        #expect(console.output.contains("pending local changes: 1\n  cd  Mine\nlast successful sync: never"))

        try await run(try SyncCommand.parse([]))
        #expect(console.output.contains("pulled 1, pushed 1, conflicts 0\n"))

        try await run(try StatusCommand.parse([]))
        #expect(console.output.hasSuffix("""
            server: http://127.0.0.1:8080
            signed in: the server does not list this token
            pending local changes: 0
            last successful sync: 2026-11-18T11:06:40.000Z
            watcher: not running ('quill sync --watch' starts one)

            """))
    }

    @Test("logout forgets credentials and sync state but keeps local changes")
    func logout() async throws {
        try await credentials.save(Credentials(server: URL(string: "http://127.0.0.1:8080")!, token: "t"))
        try await state.save(SyncState(cursor: SyncCursor("9")))
        try await store.create(try Note(id: NoteID("cd")!, title: "Mine", body: "", tags: [], created: epoch, updated: epoch))
        try await run(try LogoutCommand.parse([]))
        #expect(try await credentials.load() == nil)
        #expect(try await state.load() == SyncState())
        #expect(await store.pendingChanges().count == 1)
        #expect(console.output == "logged out\n")
    }

    @Test("Server failures are reported with a hint and lose nothing")
    func unreachable() async throws {
        try await credentials.save(Credentials(server: URL(string: "http://127.0.0.1:1")!, token: "t"))
        try await store.create(try Note(id: NoteID("cd")!, title: "Mine", body: "", tags: [], created: epoch, updated: epoch))
        let network = UnreliableTransport(server: server, faults: .scripted([.fail(.unreachable("connection refused"))]))
        await #expect { try await run(try SyncCommand.parse([]), transport: network) } throws: { error in
            (error as? CLIFailure)?.message.contains("cannot reach") ?? false
        }
        #expect(await store.pendingChanges().count == 1)
    }
}
