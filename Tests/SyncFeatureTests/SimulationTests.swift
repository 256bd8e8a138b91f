import QuillModels
import StandardTesting
import SyncFeature
import SyncStateTesting
import SyncTransportTesting
import Testing

/// Three clients make random creates, edits and deletes and sync over a flaky network with
/// occasional crashes; afterwards all hold the server's notes and no edit is missing.
///
/// Every edit appends a unique token to the note's body, so "no edit is missing" means:
/// every token is in some note on the server (the note itself or a conflict copy), except
/// tokens in a note the user later deleted on purpose.
@Suite("Sync simulation: three clients, a flaky network, crashes")
struct SimulationTests {
    @Test("Seeded random run converges without losing an edit", arguments: [1, 2, 3, 42, 2026, 90210] as [UInt64])
    func simulate(seed: UInt64) async throws {
        let server = FakeSyncServer()
        var clients: [Client] = []
        var sharedStates: [InMemorySyncStateStore] = []
        var networks: [UnreliableTransport] = []
        for index in 0..<3 {
            let network = UnreliableTransport(server: server, faults: .random(seed: seed &* 31 &+ UInt64(index), rate: 0.25))
            let shared = InMemorySyncStateStore()
            var client = Client(transport: network)
            client.policy = RetryPolicy(maximumAttempts: 3, initialDelay: .milliseconds(1), maximumDelay: .milliseconds(4))
            client.state = FailingSyncStateStore(wrapping: shared, failsSave: { save in
                var mixer = SplitMix64(seed: seed ^ UInt64(save) ^ UInt64(index << 40))
                return mixer.next() % 17 == 0
            })
            clients.append(client)
            sharedStates.append(shared)
            networks.append(network)
        }

        var random = SplitMix64(seed: seed)
        var tokens: [String] = []
        var discarded = Set<String>()
        var nextID = 0
        for step in 0..<300 {
            let index = Int(random.next() % 3)
            let client = clients[index]
            let live = await client.store.allNotes().filter { !$0.isDeleted }
            let token = "t\(step)c\(index)"
            switch random.next() % 10 {
            case 0...2:
                nextID += 1
                let id = String(nextID, radix: 16)
                try await client.store.create(try makeNote("\(id)0\(index)", "Note \(nextID)", body: token))
                tokens.append(token)
            case 3...5 where !live.isEmpty:
                let note = live[Int(random.next() % UInt64(live.count))]
                try await client.edit(note.id, body: note.body + " " + token)
                tokens.append(token)
            case 6 where !live.isEmpty:
                let note = live[Int(random.next() % UInt64(live.count))]
                discarded.formUnion(note.body.split(separator: " ").map(String.init))
                try await client.delete(note.id)
            default:
                _ = try? await client.engine(seed: random.next()).sync()
            }
        }

        for index in clients.indices {
            await networks[index].heal()
            clients[index].state = sharedStates[index]
        }
        for _ in 0..<3 {
            for client in clients { try await client.sync() }
        }

        let final = await server.allNotes()
        for (index, client) in clients.enumerated() {
            #expect(await client.store.allNotes() == final, "client \(index) differs from the server (seed \(seed))")
            #expect(await client.store.pendingChanges().isEmpty, "client \(index) has pending changes (seed \(seed))")
        }
        let kept = Set(final.flatMap { $0.body.split(separator: " ").map(String.init) })
        let missing = tokens.filter { !kept.contains($0) && !discarded.contains($0) }
        #expect(missing.isEmpty, "edits lost (seed \(seed)): \(missing)")
        let faults = await networks[0].history.filter { $0 != .deliver }.count
        #expect(faults > 0, "the network never misbehaved (seed \(seed))")
    }
}
