import QuillModels
import SyncFeature
import NoteStoreInterface
import NoteStoreTesting
import SyncStateTesting
import SyncTransportTesting
import Testing

@Suite("Sync engine: a sync killed at any point resumes cleanly")
struct CrashSafetyTests {
    @Test("Killed between applying a page and saving its cursor: the page is applied again, nothing lost or duplicated",
          arguments: 1...4)
    func crashBeforeCursorSave(failingSave: Int) async throws {
        let server = FakeSyncServer()
        await server.seed(try (1...8).map { try makeNote("f\($0)", "Server \($0)") })
        let shared = InMemorySyncStateStore()
        var crashing = Client(transport: server)
        crashing.state = FailingSyncStateStore(wrapping: shared, failsSave: { $0 == failingSave })
        try await crashing.store.create(try makeNote("f9", "Local"))

        await #expect(throws: FailingSyncStateStore.InjectedCrash.self) { try await crashing.sync() }

        var resumed = crashing
        resumed.state = shared
        try await resumed.sync()
        #expect(await resumed.store.allNotes() == (await server.allNotes()))
        #expect(await server.allNotes().count == 9)
        #expect(await resumed.store.pendingChanges().isEmpty)
    }

    @Test("Killed at every possible state save during a sync with conflicts: a fresh run converges", arguments: 1...8)
    func crashAtEverySave(failingSave: Int) async throws {
        let server = FakeSyncServer()
        let other = Client(transport: server)
        try await other.store.create(try makeNote("a1", "Shared", body: "v1"))
        try await other.sync()
        let shared = InMemorySyncStateStore()
        var crashing = Client(transport: server)
        crashing.state = shared
        try await crashing.sync()
        try await other.edit(try #require(NoteID("a1")), body: "other's edit")
        try await other.store.create(try makeNote("a2", "Other's new note"))
        try await other.sync()
        try await crashing.edit(try #require(NoteID("a1")), body: "my edit")
        try await crashing.store.create(try makeNote("a3", "My new note"))

        crashing.state = FailingSyncStateStore(wrapping: shared, failsSave: { $0 == failingSave })
        _ = try? await crashing.sync()
        crashing.state = shared
        try await crashing.sync()
        try await other.sync()

        let final = await server.allNotes()
        #expect(await crashing.store.allNotes() == final)
        #expect(await other.store.allNotes() == final)
        #expect(final.map(\.body).sorted() == ["", "", "my edit", "other's edit"])
        #expect(final.count == 4)
    }

    @Test("The store failing mid-sync (a write, an acknowledgement, a read) loses nothing; the next sync converges",
          arguments: [FailingNoteStore.Operation.write, .acknowledge, .pending, .read])
    func storeFailsMidSync(_ operation: FailingNoteStore.Operation) async throws {
        let server = FakeSyncServer()
        let other = Client(transport: server)
        try await other.store.create(try makeNote("b1", "Shared", body: "v1"))
        try await other.sync()
        var client = Client(transport: server)
        try await client.sync()
        try await other.edit(try #require(NoteID("b1")), body: "theirs")
        try await other.sync()
        try await client.edit(try #require(NoteID("b1")), body: "mine")
        try await client.store.create(try makeNote("b2", "New here"))

        let failing = FailingNoteStore(wrapping: client.store, failing: [operation: .unavailable("disk on fire")])
        client.engineStore = failing
        await #expect(throws: NoteStoreError.self) { try await client.sync() }
        failing.setFailure(nil, for: operation)
        try await client.sync()
        try await other.sync()

        let final = await server.allNotes()
        #expect(await client.store.allNotes() == final)
        #expect(await other.store.allNotes() == final)
        #expect(final.map(\.body).sorted() == ["", "mine", "theirs"])
    }
}
