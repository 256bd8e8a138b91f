import QuillModels
import SyncFeature
import SyncTransportInterface
import SyncTransportTesting
import Testing

@Suite("Sync engine: pull, push, acknowledge")
struct SyncEngineBasicsTests {
    @Test("First sync pulls every server note, page by page, without marking them pending")
    func pullsEverything() async throws {
        let server = FakeSyncServer()
        await server.seed(try (1...7).map { try makeNote("a\($0)", "Note \($0)") })
        let client = Client(transport: server)

        let report = try await client.sync()

        #expect(report == SyncReport(pulled: 7, pushed: 0, conflicts: 0))
        #expect(await client.store.allNotes() == (await server.allNotes()))
        #expect(await client.store.pendingChanges().isEmpty)
        #expect(try await client.state.load().cursor == SyncCursor("7"))
        #expect(try await client.state.load().lastSuccessfulSync == day0)
    }

    @Test("Local creates, edits and deletes are pushed, acknowledged and take the server's revision")
    func pushesLocalChanges() async throws {
        let server = FakeSyncServer()
        let client = Client(transport: server)
        let first = try makeNote("b1", "First")
        try await client.store.create(first)
        try await client.store.create(try makeNote("b2", "Second"))
        try await client.edit(first.id, body: "edited twice")
        try await client.edit(first.id, body: "edited thrice")

        let report = try await client.sync()
        #expect(report.pushed == 2)
        #expect(await client.store.pendingChanges().isEmpty)
        #expect(await client.store.allNotes() == (await server.allNotes()))
        #expect(await client.store.note(id: first.id)?.revision == 1)

        try await client.delete(first.id)
        try await client.sync()
        let tombstone = try #require(await server.allNotes().first { $0.id == first.id })
        #expect(tombstone.isDeleted && tombstone.revision == 2)
        #expect(await client.store.allNotes() == (await server.allNotes()))
    }

    @Test("Two clients converge through the server; a second sync with nothing new changes nothing")
    func twoClientsConverge() async throws {
        let server = FakeSyncServer()
        let alice = Client(transport: server), bob = Client(transport: server)
        try await alice.store.create(try makeNote("c1", "From Alice"))
        try await bob.store.create(try makeNote("c2", "From Bob"))
        try await alice.sync()
        try await bob.sync()
        try await alice.sync()
        #expect(await alice.store.allNotes() == (await server.allNotes()))
        #expect(await bob.store.allNotes() == (await server.allNotes()))
        #expect(await server.allNotes().count == 2)

        let quiet = try await bob.sync()
        #expect(quiet == SyncReport())
    }

    @Test("A server speaking another API version is refused with a message saying who must upgrade",
          arguments: [(2, 1, "upgrade quill"), (0, 0, "upgrade the server"), (1, 2, "upgrade quill")])
    func refusesOtherAPIVersions(server apiVersion: Int, minimumClient: Int, advice: String) async throws {
        let server = FakeSyncServer(info: ServerInfo(apiVersion: apiVersion, minimumClientAPIVersion: minimumClient))
        let client = Client(transport: server)
        try await client.store.create(try makeNote("d1", "Stays local"))
        await #expect {
            try await client.sync()
        } throws: { error in
            (error as? SyncError).map { String(describing: $0).contains(advice) } ?? false
        }
        #expect(await client.store.pendingChanges().count == 1)
        #expect(await server.allNotes().isEmpty)
    }
}
