import Foundation
import NoteStoreTesting
import QuillCLI
import QuillModels
import QuillTestComposition
import SearchIndexTesting
import SettingsInterface
import SettingsTesting
import StandardTesting
import SyncFeature
import SyncStateInterface
import SyncStateTesting
import SyncTransportTesting
import UnimplementedDoubles
import Testing

/// `history`, `show --revision/--at`, `diff`, `restore` and `trash` (docs/history.md).
@Suite("quill history commands")
struct HistoryCommandsTests {
    let store = InMemoryNoteStore()
    let console = RecordingConsole()
    let clock = SteppingClock(start: Date(millisecondsSince1970: 1_767_603_600_000), step: 60)
    let ids = SequentialNoteIDs()
    /// Not logged in, unless a test saves credentials.
    let credentials = InMemoryCredentialStore()
    let settings = InMemorySettings()
    /// What `show` and a change of title read links from.
    let index = InMemorySearchIndex()

    var environment: CLIEnvironment {
        QuillTestRoots.test(
            store: store, clock: clock, ids: ids, console: console,
            sync: SyncEnvironment(credentials: credentials, state: InMemorySyncStateStore(), baseRevisions: InMemoryBaseRevisionStore(),
                                  sleeper: RecordingSleeper(), random: SeededRandomSource(seed: 7),
                                  makeTransport: { _ in UnimplementedSyncTransport() }, makeShareTransport: { _ in UnimplementedShareTransport() }, makeDeviceLoginTransport: { _ in UnimplementedDeviceLoginTransport() }, deviceName: "test device", watchers: UnimplementedWatcherRegistry(),
                                  localChanges: { try UnimplementedDirectoryWatching().changes(in: "") }),
            searchIndex: index, searchSource: ListingSearchSource(store: store),
            settings: SettingsEnvironment(store: settings, variables: [:], timeZone: TimeZone(identifier: "UTC") ?? .current))
    }

    /// A note with three revisions: created, body edited, title edited.
    func noteWithHistory() async throws -> String {
        try await run(["add", "Groceries", "--body", "milk\neggs\nbread\n"], in: environment)
        try await run(["edit", Self.id, "--body", "milk\neggs\nbutter\nbread\n"], in: environment)
        try await run(["edit", Self.id, "--title", "Shopping", "--tag", "home"], in: environment)
        console.clear()
        return Self.id
    }

    static let id = "00000000000000000000000000000001"

    @Test func historyListsEveryRevisionNewestFirst() async throws {
        _ = try await noteWithHistory()
        try await run(["history", Self.id], in: environment)
        #expect(console.output == """
                3  2026-01-05 09:02  this device   Shopping  23 B  title changed, tags changed
                2  2026-01-05 09:01  this device   Groceries  23 B  +1 −0 lines
                1  2026-01-05 09:00  created       Groceries  16 B  created

            """)
    }

    @Test func historyAsJSONNamesOriginsAndChanges() async throws {
        _ = try await noteWithHistory()
        try await run(["history", Self.id, "--json"], in: environment)
        let revisions = try #require(try JSONSerialization.jsonObject(with: Data(console.output.utf8)) as? [[String: Any]])
        #expect(revisions.map { $0["revision"] as? Int } == [3, 2, 1])
        #expect(revisions.map { $0["origin"] as? String } == ["edit", "edit", "created"])
        #expect(revisions.map { $0["change"] as? String } == ["title changed, tags changed", "+1 −0 lines", "created"])
    }

    @Test func showReadsAnEarlierRevisionByNumberOrTime() async throws {
        _ = try await noteWithHistory()
        try await run(["show", Self.id, "--revision", Self.id], in: environment)
        #expect(console.output.hasPrefix("Groceries\n") && console.output.hasSuffix("milk\neggs\nbread\n"))
        console.clear()
        try await run(["show", Self.id, "--at", "2026-01-05T09:01:30Z"], in: environment)
        #expect(console.output.contains("(revision 2)") && console.output.contains("butter"))
        let failure = await #expect(throws: CLIFailure.self) { try await run(["show", Self.id, "--revision", "9"], in: environment) }
        #expect(failure?.message == "note '\(Self.id)' has no revision 9 (see: quill history \(Self.id))")
        await #expect(throws: CLIFailure.self) { try await run(["show", Self.id, "--at", "2025-01-01"], in: environment) }
        await #expect(throws: (any Error).self) { try await run(["show", Self.id, "--at", "yesterday-ish"], in: environment) }
    }

    @Test func diffComparesThePreviousRevisionWithTheCurrentOneByDefault() async throws {
        _ = try await noteWithHistory()
        try await run(["diff", Self.id], in: environment)
        #expect(console.output == """
            --- 00000000 revision 2
            +++ 00000000 revision 3
            @@ -1,5 +1,5 @@
            -title: Groceries
            -tags:
            +title: Shopping
            +tags: #home
             
             milk
             eggs

            """)
        console.clear()
        try await run(["diff", Self.id, "1", "2"], in: environment)
        #expect(console.output.contains("+butter\n") && !console.output.contains("title"))
        console.clear()
        try await run(["diff", Self.id, "3", "3"], in: environment)
        #expect(console.output.isEmpty)
    }

    /// Nothing is pruned by default or without `--yes`; `history.keep` (or `--keep`) says what stays.
    @Test func pruneKeepsWhatHistoryKeepSaysAndNeverTheCurrentRevision() async throws {
        let id = try NoteID(await noteWithHistory())!
        try await run(["history", "prune", "--yes"], in: environment)
        #expect(console.output.hasPrefix("Nothing to prune: every revision is kept (history.keep all, default)"))
        await #expect(throws: (any Error).self) { try await run(["history", "prune"], in: environment) }
        console.clear()
        try await run(["history", "prune", "--keep", "1", "--dry-run"], in: environment)
        #expect(console.output == "Would remove 2 revisions of 1 note (history.keep 1, flag)\n")
        #expect(await store.history(of: id).count == 3)
        try await settings.update { $0.historyKeep = .revisions(2) }
        console.clear()
        try await run(["history", "prune", "--yes"], in: environment)
        #expect(console.output == "Removed 1 revision of 1 note (history.keep 2, settings)\n")
        #expect(await store.history(of: id).map(\.note.title) == ["Shopping", "Groceries"])
        console.clear()
        try await run(["history", Self.id], in: environment)
        #expect(console.output.split(separator: "\n").count == 2, "'history ID' still lists")
    }

    @Test func restoreOfARevisionIsANewRevisionThatCanBeUndone() async throws {
        let id = try NoteID(await noteWithHistory())!
        try await run(["restore", Self.id, "--revision", Self.id], in: environment)
        #expect(console.output == "restored 00000000  Groceries  revision 1, now revision 4\n")
        let restored = try #require(await store.note(id: id))
        #expect(restored.title == "Groceries" && restored.body == "milk\neggs\nbread\n" && restored.tags.isEmpty)
        #expect(await store.pendingChanges().contains(id), "a restore syncs like an edit")
        try await run(["restore", Self.id, "--revision", "3"], in: environment)
        #expect(await store.note(id: id)?.title == "Shopping")
        #expect(await store.history(of: id).prefix(2).map(\.origin) == [.restore(3), .restore(1)])
    }

    @Test func aDeletedNoteIsInTheTrashAndComesBackWithItsHistory() async throws {
        let id = try NoteID(await noteWithHistory())!
        try await run(["rm", Self.id], in: environment)
        console.clear()
        try await run(["trash"], in: environment)
        #expect(console.output == "00000000  2026-01-05 09:03  this device   Shopping\n")
        await #expect(throws: CLIFailure.self) { try await run(["show", Self.id], in: environment) }
        console.clear()
        try await run(["restore", Self.id], in: environment)
        #expect(console.output == "restored 00000000  Shopping  from the trash, now revision 5\n")
        let note = try #require(await store.note(id: id))
        #expect(!note.isDeleted && note.tags.map(\.rawValue) == ["home"])
        #expect(await store.history(of: id).count == 5)
        console.clear()
        try await run(["trash", "--json"], in: environment)
        #expect(console.output == "[\n\n]\n")
    }

    @Test func restoringANoteThatIsNotDeletedIsAUsageErrorThatChangesNothing() async throws {
        let id = try NoteID(await noteWithHistory())!
        let failure = await #expect(throws: CLIFailure.self) { try await run(["restore", Self.id], in: environment) }
        #expect(failure?.status == .usage)
        #expect(await store.history(of: id).count == 3)
        await #expect(throws: CLIFailure.self) { try await run(["restore", Self.id, "--revision", "7"], in: environment) }
        await #expect(throws: CLIFailure.self) { try await run(["history", "ff"], in: environment) }
        #expect(await store.history(of: id).count == 3)
    }

    @Test func emptyingTheTrashNeedsYesAndRemovesOnlyWhatIsOldEnough() async throws {
        let id = try NoteID(await noteWithHistory())!
        try await run(["rm", Self.id], in: environment)
        try await run(["add", "Second", "--body", "b"], in: environment)
        try await run(["rm", "00000000000000000000000000000002"], in: environment)
        console.clear()
        let refused = await #expect(throws: (any Error).self) { try await run(["trash", "empty"], in: environment) }
        #expect("\(String(describing: refused))".contains("--yes"))
        try await run(["trash", "empty", "--older-than", "2026-01-05T09:03:30Z", "--yes"], in: environment)
        #expect(console.output == "removed 1 deleted note for good\n")
        #expect(await store.note(id: id) == nil)
        console.clear()
        try await run(["trash"], in: environment)
        #expect(console.output.contains("Second") && !console.output.contains("Shopping"))
        try await run(["trash", "empty", "--yes"], in: environment)
        #expect(await store.list(.init(includeDeleted: true)).notes.isEmpty)
    }

    /// A device that syncs keeps a deletion the server has not received: else the other devices
    /// would never learn of it.
    @Test func aDeletionNotYetSyncedStaysInTheTrash() async throws {
        let id = try NoteID(await noteWithHistory())!
        try await run(["rm", Self.id], in: environment)
        try await credentials.save(Credentials(server: try #require(URL(string: "http://127.0.0.1:8080")), token: "t"))
        console.clear()
        try await run(["trash", "empty", "--yes"], in: environment)
        #expect(console.output == "removed 0 deleted notes for good\n")
        #expect(console.errors.contains("run 'quill sync'"))
        #expect(await store.note(id: id)?.isDeleted == true)
        await store.acknowledge([id: 4])
        try await run(["trash", "empty", "--yes"], in: environment)
        #expect(await store.note(id: id) == nil)
    }
}
