import QuillServerCLI
import ServerStoreTesting
import ServerTestComposition
import StandardTesting
import Testing
import Synchronization

/// `quill-server backup` and `restore` against the test root: what they report, and how a
/// refusal of the store reaches the user.
@Suite("Backup and restore commands")
struct CopyCommandsTests {
    let console = RecordingConsole()

    func environment(copies: (any StoreCopying)?) -> (ServerOptions) throws -> ServerCLIEnvironment {
        ServerTestRoots.commandLine(store: InMemoryServerStore(), sessions: InMemoryWebSessionStore(), hasher: MarkerTokenHasher(),
                                    tokens: SequentialTokenGenerator(), clock: FixedClock(CommandTestClock.now), console: console, copies: copies)
    }

    @Test("backup and restore name the file and the schema version")
    func copies() async throws {
        let copies = RecordingCopies(version: 8)
        try await run(["backup", "/backups/quill.sqlite"], in: environment(copies: copies))
        try await run(["restore", "/backups/quill.sqlite", "--data-dir", "/srv/quill"], in: environment(copies: copies))
        #expect(copies.calls == ["backup /backups/quill.sqlite", "restore /backups/quill.sqlite"])
        #expect(console.errors == "backed up to /backups/quill.sqlite (schema version 8)\nrestored /backups/quill.sqlite (schema version 8)\n")
        #expect(console.output.isEmpty)
    }

    @Test("a refused backup or restore is the refusal, word for word, and reports nothing done",
          arguments: [["backup", "/backups/quill.sqlite"], ["restore", "/backups/quill.sqlite"]])
    func refusals(_ arguments: [String]) async throws {
        let refusal = ServerCommandFailure.refused("quill-server backs up SQLite stores only", hint: "for PostgreSQL use its own tools")
        await #expect(throws: refusal) {
            try await run(arguments, in: environment(copies: RefusingCopies(refusal: refusal)))
        }
        #expect(ServerFailureReport(refusal)?.status == .failure)
        #expect(ServerFailureReport(refusal)?.text == "quill-server: quill-server backs up SQLite stores only\nhint: for PostgreSQL use its own tools\n")
        #expect(console.errors.isEmpty)
    }

    @Test("a test that gives the root no copies fails any command that reaches them")
    func copiesNotGiven() async throws {
        await #expect(throws: (any Error).self) { try await run(["backup", "/backups/quill.sqlite"], in: environment(copies: nil)) }
        #expect(console.errors.isEmpty)
    }
}

/// Copies that succeed with one schema version, remembering what they were asked.
private final class RecordingCopies: StoreCopying {
    let version: Int64
    private let recorded = Mutex<[String]>([])

    init(version: Int64) { self.version = version }

    var calls: [String] { recorded.withLock { $0 } }

    func backup(to path: String) throws -> Int64 {
        recorded.withLock { $0.append("backup \(path)") }
        return version
    }

    func restore(from path: String) throws -> Int64 {
        recorded.withLock { $0.append("restore \(path)") }
        return version
    }
}

/// Copies the store refuses, as SQLite refuses an existing destination or PostgreSQL any copy.
private struct RefusingCopies: StoreCopying {
    let refusal: ServerCommandFailure

    func backup(to path: String) throws -> Int64 { throw refusal }
    func restore(from path: String) throws -> Int64 { throw refusal }
}
