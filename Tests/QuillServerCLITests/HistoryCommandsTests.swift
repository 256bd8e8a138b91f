import ArgumentParser
import Foundation
import QuillModels
import QuillServerCLI
import ServerStoreInterface
import ServerStoreTesting
import ServerTestComposition
import StandardTesting
import Testing

/// `quill-server history prune` against the test root, over an in-memory store.
@Suite("History commands")
struct ServerHistoryCommandsTests {
    let store = InMemoryServerStore()
    let console = RecordingConsole()

    var environment: (ServerOptions) throws -> ServerCLIEnvironment {
        ServerTestRoots.commandLine(store: store, sessions: InMemoryWebSessionStore(), hasher: MarkerTokenHasher(),
                                    tokens: SequentialTokenGenerator(), clock: FixedClock(CommandTestClock.now), console: console)
    }

    /// A note with four revisions.
    func noteWithHistory() async throws -> (AccountID, NoteID) {
        try await run(["account", "create", "ann"], in: environment)
        let account = try #require(try await store.accountSummaries().first).account.id
        console.clear()
        var note = try await store.create(try Note(id: #require(NoteID("a1")), title: "A", body: "0", tags: [], created: Date(timeIntervalSince1970: 0),
                                                   updated: Date(timeIntervalSince1970: 0)), account: account)
        for edit in 1...3 {
            note = try await store.replace(try note.revised(body: "\(edit)", at: Date(timeIntervalSince1970: Double(edit))),
                                           account: account, ifRevision: note.revision, origin: .api)
        }
        return (account, note.id)
    }

    @Test func pruneNeedsYesKeepsAllByDefaultAndKeepsWhatItIsTold() async throws {
        let (account, id) = try await noteWithHistory()
        #expect(throws: (any Error).self) { try QuillServer.parseAsRoot(["history", "prune", "--keep", "2"]) }
        try await run(["history", "prune", "--yes"], in: environment)
        #expect(console.errors.hasPrefix("nothing to prune: every revision is kept"))
        console.clear()
        try await run(["history", "prune", "--keep", "2", "--dry-run"], in: environment)
        #expect(console.errors == "would remove 2 revisions of 1 note (keep 2)\n")
        #expect(try await store.history(of: id, account: account).count == 4)
        console.clear()
        try await run(["history", "prune", "--keep", "2", "--yes"], in: environment)
        #expect(console.errors == "removed 2 revisions of 1 note (keep 2)\n")
        #expect(try await store.history(of: id, account: account).map(\.note.body) == ["3", "2"])
        await #expect { try await run(["history", "prune", "--keep", "0", "--yes"], in: environment) } throws: { error in
            (error as? ServerCommandFailure)?.kind == .invalidSetting && ServerFailureReport(error)?.status == .usage
        }
    }
}
