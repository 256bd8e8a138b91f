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
        #expect(await client.store.note(id: first.id)?.revision == 3) // the client's own number, kept by the server

        try await client.delete(first.id)
        try await client.sync()
        let tombstone = try #require(await server.allNotes().first { $0.id == first.id })
        #expect(tombstone.isDeleted && tombstone.revision == 4)
        #expect(await client.store.allNotes() == (await server.allNotes()))
    }

    @Test("A push nothing else came between moves the cursor past the client's own changes; others are still pulled")
    func pushMovesTheCursorPastItsOwnChanges() async throws {
        let server = FakeSyncServer()
        let alice = Client(transport: server), bob = Client(transport: server)
        for index in 1...3 { try await alice.store.create(try makeNote("e\(index)", "Alice \(index)")) }
        try await alice.sync()
        #expect(try await alice.state.load().cursor == SyncCursor("3"))

        try await bob.store.create(try makeNote("f1", "From Bob"))
        #expect(try await bob.sync() == SyncReport(pulled: 3, pushed: 1, conflicts: 0))
        try await alice.store.create(try makeNote("e4", "Alice 4"))
        #expect(try await alice.sync() == SyncReport(pulled: 1, pushed: 1, conflicts: 0))
        #expect(try await alice.state.load().cursor == SyncCursor("5"))
        #expect(try await bob.sync() == SyncReport(pulled: 1, pushed: 0, conflicts: 0))
        #expect(await alice.store.allNotes() == (await server.allNotes()))
        #expect(await bob.store.allNotes() == (await server.allNotes()))
    }

    @Test("Batches are sized by bytes: large notes go out in requests the server never refuses as too large")
    func batchesAreSizedByBytes() async throws {
        let server = FakeSyncServer(maximumPushBytes: 2 << 20)
        let client = Client(transport: server)
        for index in 0..<30 {
            try await client.store.create(try makeNote(String(format: "a%02d", index), "Big \(index)",
                                                       body: String(repeating: "x", count: 100_000)))
        }
        let report = try await client.sync()
        #expect(report.pushed == 30)
        // 30 notes of ~100 KB in batches of at most ~1 MiB: three or four requests, every one applied.
        #expect((3...4).contains(await server.appliedPushCount))
        #expect(await client.store.pendingChanges().isEmpty)
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
