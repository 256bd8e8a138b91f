import QuillModels
import SyncFeature
import SyncStateInterface
import SyncTransportInterface
import SyncTransportTesting
import Testing

@Suite("Sync engine over an unreliable network")
struct UnreliableNetworkTests {
    /// A client with two local notes and one server note, behind a network following `script`.
    func scenario(_ script: [NetworkFault]) async throws -> (FakeSyncServer, UnreliableTransport, Client) {
        let server = FakeSyncServer()
        await server.seed([try makeNote("e0", "On the server")])
        let network = UnreliableTransport(server: server, faults: .scripted(script))
        let client = Client(transport: network)
        try await client.store.create(try makeNote("e1", "Local one"))
        try await client.store.create(try makeNote("e2", "Local two"))
        return (server, network, client)
    }

    @Test("Transient faults are retried until the sync succeeds, and nothing is applied twice",
          arguments: [
              [NetworkFault.dropRequest],
              [.deliver, .dropResponse],
              [.deliver, .deliver, .dropRequest, .dropRequest],
              [.deliver, .deliver, .dropResponse, .dropResponse],
              [.deliver, .deliver, .duplicate],
              [.deliver, .duplicate, .duplicate],
              [.deliver, .deliver, .serverError(503), .serverError(500), .serverError(502)],
              [.deliver, .deliver, .dropResponse, .replayEarlierPush],
          ])
    func retriesTransientFaults(_ script: [NetworkFault]) async throws {
        let (server, _, client) = try await scenario(script)

        let report = try await client.sync()

        #expect(report.pushed == 2)
        #expect(report.conflicts == 0)
        #expect(await server.appliedPushCount == 1)
        #expect(await server.allNotes().count == 3)
        #expect(await client.store.allNotes() == (await server.allNotes()))
        #expect(await client.store.pendingChanges().isEmpty)
        #expect(await client.sleeper.delays.count == script.filter { $0 != .deliver && $0 != .duplicate && $0 != .replayEarlierPush }.count)
    }

    @Test("Backoff grows exponentially, with jitter between half and all of each step, capped")
    func backoffSchedule() async throws {
        let (_, _, client) = try await scenario(Array(repeating: .serverError(503), count: 4))
        try await client.sync()
        let delays = await client.sleeper.delays
        let ceilings: [Duration] = [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800)]
        #expect(delays.count == 4)
        for (delay, ceiling) in zip(delays, ceilings) {
            #expect(delay >= ceiling / 2 && delay <= ceiling)
        }
        #expect(RetryPolicy.standard.delay(beforeRetry: 40, random: .max) <= RetryPolicy.standard.maximumDelay)
    }

    @Test("When retries run out the error is reported; the next sync resends the same push, request ID and changes")
    func exhaustedRetriesResumeWithSameRequestID() async throws {
        let (server, network, client) = try await scenario(
            [.deliver, .deliver] + Array(repeating: .dropResponse, count: 5))
        await #expect(throws: SyncError.self) { try await client.sync() }
        #expect(await server.appliedPushCount == 1)
        let recorded = try #require(try await client.state.load().inFlightPushes.first)
        #expect(recorded.changes.map(\.note.id.rawValue) == ["e1", "e2"])
        #expect(await client.store.pendingChanges().count == 2)

        await network.heal()
        let report = try await client.sync()

        #expect(report.pushed == 2)
        #expect(await server.appliedPushCount == 1)
        #expect(try await client.state.load().inFlightPushes.isEmpty)
        #expect(await client.store.pendingChanges().isEmpty)
        #expect(await client.store.allNotes() == (await server.allNotes()))
    }

    /// Issue 14, item 3: a push the server recorded but whose answer the client never processed,
    /// followed by more local edits, used to be resent with the *current* pending notes under the
    /// old ID; the server answered the old batch (N results for M changes) and every later sync
    /// failed until the record expired.
    @Test("A push interrupted after the server recorded it, then more edits: the next sync resends the recorded batch and converges")
    func interruptedPushThenMoreEdits() async throws {
        let (server, network, client) = try await scenario(
            [.deliver, .deliver] + Array(repeating: .dropResponse, count: 5))
        await #expect(throws: SyncError.self) { try await client.sync() }
        #expect(await server.appliedPushCount == 1)

        try await client.edit(try #require(NoteID("e1")), body: "edited after the interrupted push")
        try await client.store.create(try makeNote("e3", "Local three"))
        await network.heal()
        let report = try await client.sync()

        #expect(report.conflicts == 0)
        #expect(await server.appliedPushCount == 2)
        #expect(await client.store.pendingChanges().isEmpty)
        #expect(await client.store.allNotes() == (await server.allNotes()))
        #expect(await server.allNotes().map(\.body).contains("edited after the interrupted push"))
        #expect(await server.allNotes().count == 4)
        try await client.sync()
        #expect(await server.appliedPushCount == 2)
    }

    @Test("A recorded push that the server refuses as a reused request ID is dropped; its notes go out under a new ID")
    func recordedPushRefusedAsReusedIsDropped() async throws {
        let server = FakeSyncServer()
        let client = Client(transport: server)
        let mine = try makeNote("e1", "Local one")
        try await client.store.create(mine)
        _ = try await server.push(PushRequest(requestID: "taken", changes: [
            OutgoingChange(note: try makeNote("f1", "Someone else's"), baseRevision: nil),
        ]))
        try await client.state.save(SyncState(inFlightPushes: [PushRequest(requestID: "taken", changes: [
            OutgoingChange(note: mine, baseRevision: nil),
        ])]))

        let report = try await client.sync()

        #expect(report.pushed == 1)
        #expect(await client.store.pendingChanges().isEmpty)
        #expect(await server.allNotes().map(\.id.rawValue) == ["e1", "f1"])
        #expect(try await client.state.load().inFlightPushes.isEmpty)
    }

    /// Found by Tools/chaos.sh: a few large pending notes made one push larger than the server
    /// accepts (2 MiB); 413 is not retried, so every later sync failed the same way.
    @Test("Pending notes too large for one request go out in smaller ones, also when a recorded push was too large",
          arguments: [false, true])
    func tooLargePushesAreSplit(recorded: Bool) async throws {
        let server = FakeSyncServer(maximumPushBytes: 2_500)
        let client = Client(transport: server)
        var notes: [Note] = []
        for index in 0..<5 {
            let note = try makeNote("b\(index)", "Big \(index)", body: String(repeating: "x", count: 1_000))
            try await client.store.create(note)
            notes.append(note)
        }
        if recorded {
            try await client.state.save(SyncState(inFlightPushes: [PushRequest(
                requestID: "interrupted", changes: notes.map { OutgoingChange(note: $0, baseRevision: nil) })]))
        }

        let report = try await client.sync()

        #expect(report.pushed == 5)
        #expect(await client.store.pendingChanges().isEmpty)
        #expect(await client.store.allNotes() == (await server.allNotes()))
        #expect(await server.appliedPushCount == 3) // 5 → 2 + 3 → 2 + (1 + 2)
    }

    @Test("Client errors (4xx) are reported at once, not retried",
          arguments: [SyncError.unauthorized, .rejected(status: 400, code: "bad_request", message: "title: empty")])
    func clientErrorsAreNotRetried(_ failure: SyncError) async throws {
        let (server, _, client) = try await scenario([.deliver, .deliver, .fail(failure)])
        await #expect(throws: failure) { try await client.sync() }
        #expect(await client.sleeper.delays.isEmpty)
        #expect(await server.allNotes().count == 1)
        #expect(await client.store.pendingChanges().count == 2)
    }

    @Test("The unauthorized error tells the user to log in again")
    func unauthorizedSaysLogin() {
        #expect(SyncError.unauthorized.description.contains("quill login"))
    }
}
