import Foundation
import QuillModels
import SyncFeature
import SyncTransportInterface
import SyncTransportTesting
import Testing

/// Two pushes in flight: the client sends the next batch while the server applies the last, and
/// its cursor still moves past every change of its own, in whichever order the server applied them.
@Suite struct PushFlightTests {
    /// 30 notes of 100 KB: three batches of about 1 MiB.
    func bigNotes(in client: Client) async throws {
        for index in 0..<30 {
            try await client.store.create(try makeNote(String(format: "a%02d", index), "Big \(index)",
                                                       body: String(repeating: "x", count: 100_000)))
        }
    }

    @Test("Once the server says what each push wrote, two go out at once; the next sync pulls nothing back",
          arguments: [false, true])
    func twoInFlight(secondAppliedFirst: Bool) async throws {
        let server = FakeSyncServer()
        let gate = PushGate(server: server, secondAppliedFirst: secondAppliedFirst)
        let client = Client(transport: gate)
        try await bigNotes(in: client)
        #expect(try await client.sync().pushed == 30)
        #expect(await gate.mostAtOnce == 2)
        #expect(await gate.pushes == 3)
        #expect(try await client.state.load().cursor == SyncCursor("30"))
        #expect(try await client.state.load().inFlightPushes.isEmpty)
        #expect(try await client.sync() == SyncReport(pulled: 0, pushed: 0, conflicts: 0))
        #expect(await client.store.allNotes() == (await server.allNotes()))
    }

    @Test("Pushes ask for their applied changes by revision exactly when the server says it answers so",
          arguments: [false, true])
    func askAppliedByRevisionWhenTheServerCan(serverCan: Bool) async throws {
        let server = FakeSyncServer(info: ServerInfo(apiVersion: 1, minimumClientAPIVersion: 1, keepsAttachments: true,
                                                     answersAppliedByRevision: serverCan))
        let gate = PushGate(server: server, secondAppliedFirst: false)
        let client = Client(transport: gate)
        try await bigNotes(in: client)
        #expect(try await client.sync().pushed == 30)
        #expect(await gate.askedAppliedByRevision == [serverCan, serverCan, serverCan])
    }

    @Test("A server of an earlier release, which does not say what a push wrote, gets one push at a time and still moves the cursor")
    func oneAtATimeWithAnEarlierServer() async throws {
        let server = FakeSyncServer(reportsWrittenChanges: false)
        let gate = PushGate(server: server, secondAppliedFirst: false)
        let client = Client(transport: gate)
        try await bigNotes(in: client)
        #expect(try await client.sync().pushed == 30)
        #expect(await gate.mostAtOnce == 1)
        #expect(try await client.state.load().cursor == SyncCursor("30"))
    }

    @Test("Another client's change between two pushes stops the cursor before it, so it is pulled")
    func anotherClientBetween() async throws {
        let server = FakeSyncServer()
        let gate = PushGate(server: server, secondAppliedFirst: false, betweenPairs: try makeNote("f1", "From Bob"))
        let client = Client(transport: gate)
        try await bigNotes(in: client)
        #expect(try await client.sync().pushed == 30)
        let cursor = try #require(try await client.state.load().cursor)
        #expect(Int(cursor.rawValue).map { $0 < 31 } == true)
        #expect(try await client.sync().pulled == 1)
        #expect(await client.store.allNotes() == (await server.allNotes()))
    }
}

/// The server, with a gate in front of its pushes: a push waits (a few hundred milliseconds at most) for another to
/// arrive, so that two in flight are seen as two; with `secondAppliedFirst` the later of two is
/// applied before the earlier, as two connections to a real server may be; `betweenPairs` is
/// written by "another client" after the first of two is applied.
actor PushGate: InFrontOfFakeServer {
    let server: FakeSyncServer
    let secondAppliedFirst: Bool
    var betweenPairs: Note?
    private(set) var pushes = 0
    /// Whether each push asked for its applied changes by their revision, in order of arrival.
    private(set) var askedAppliedByRevision: [Bool] = []
    private(set) var mostAtOnce = 0
    private var atOnce = 0
    private var applied = 0

    init(server: FakeSyncServer, secondAppliedFirst: Bool, betweenPairs: Note? = nil) {
        self.server = server
        self.secondAppliedFirst = secondAppliedFirst
        self.betweenPairs = betweenPairs
    }

    func push(_ request: PushRequest) async throws(SyncError) -> PushReply {
        pushes += 1
        askedAppliedByRevision.append(request.asksAppliedByRevision)
        let arrival = pushes
        atOnce += 1
        mostAtOnce = max(mostAtOnce, atOnce)
        defer { atOnce -= 1 }
        if arrival % 2 == 0 {
            // The first push goes alone; of each later pair, the older waits for the newer to
            // arrive (or, with `secondAppliedFirst`, to be applied).
            for _ in 0..<300 where secondAppliedFirst ? applied <= arrival : pushes == arrival {
                try? await Task.sleep(for: .milliseconds(1))
            }
        }
        let reply = try await server.push(request)
        applied += 1
        if let note = betweenPairs, arrival == 2 {
            betweenPairs = nil
            await server.seed([note])
        }
        return reply
    }
}
