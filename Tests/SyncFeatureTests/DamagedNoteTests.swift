import FileNoteStore
import FileSystemTesting
import Foundation
import NoteStoreInterface
import QuillModels
import StandardTesting
import SyncFeature
import SyncStateTesting
import SyncTransportTesting
import Testing

/// A note of this home whose file cannot be read no longer stops a sync: the file store (on an
/// in-memory file system, where a test can damage a file) sets it aside, and the server's copy
/// takes its place.
@Suite("Damaged notes in a sync")
struct DamagedNoteTests {
    let server = FakeSyncServer()
    let files = InMemoryFileSystem()
    static let root = "/home/quill"

    func engine(_ store: FileNoteStore, bases: InMemoryBaseRevisionStore, state: InMemorySyncStateStore, seed: UInt64) -> SyncEngine {
        SyncEngine(store: store, transport: server, state: state, baseRevisions: bases, clock: FixedClock(day0), sleeper: RecordingSleeper(),
                   random: SeededRandomSource(seed: seed), pageSize: 3)
    }

    func damage(_ id: NoteID) throws {
        try files.write(Data("{\"damaged".utf8), to: Self.root + "/notes/\(id.rawValue).json")
    }

    @Test("a damaged note met by a pull, and a damaged pending note met by a push, are set aside and take the server's copy")
    func pullAndPush() async throws {
        let store = FileNoteStore(root: Self.root, files: files, locks: InMemoryLocking(), readerSyncDelay: .zero)
        let bases = InMemoryBaseRevisionStore(), state = InMemorySyncStateStore()
        let pulled = try makeNote("a1", "Pulled", body: "v1"), pushed = try makeNote("a2", "Pushed", body: "v1"),
            other = try makeNote("a3", "Other", body: "v1")
        try await store.apply([.create(pulled), .create(pushed), .create(other)], origin: .local)
        _ = try await engine(store, bases: bases, state: state, seed: 1).sync()
        // Another device edits the first; this one edits the second; then both files are damaged.
        let elsewhere = Client(transport: server)
        try await elsewhere.sync()
        try await elsewhere.edit(pulled.id, body: "v2 from elsewhere")
        try await elsewhere.sync()
        let mine = try #require(try await store.note(id: pushed.id))
        try await store.update(try mine.revised(body: "v2 here", at: day0), expectedRevision: mine.revision)
        try damage(pulled.id)
        try damage(pushed.id)

        let report = try await engine(store, bases: bases, state: state, seed: 2).sync()
        #expect(Set(report.damagedNotes.map(\.id)) == [pulled.id, pushed.id])
        #expect(report.damagedNotes.allSatisfy { $0.serverAsked && $0.keptAt.hasPrefix(Self.root + "/damaged/") })
        #expect(try await store.note(id: pulled.id)?.body == "v2 from elsewhere")
        #expect(try await store.note(id: pushed.id)?.body == "v1")
        #expect(try await store.pendingChanges().isEmpty)
        #expect(try await store.note(id: other.id) == other.withRevision(1))
        // The next sync has nothing left to say, and the server holds what this home holds.
        #expect(try await engine(store, bases: bases, state: state, seed: 3).sync().damagedNotes.isEmpty)
        #expect(await server.allNotes().map(\.body) == ["v2 from elsewhere", "v1", "v1"])
    }
}
