import Foundation
import QuillModels
import SyncFeature
import SyncTransportInterface
import SyncTransportTesting
import Testing

/// A push's answer clears a note's pending mark only if the note is still what was sent.
@Suite struct EditDuringPushTests {
    @Test("A note edited while its push is in flight stays pending, and the sync's next round pushes the edit",
          arguments: [false, true])
    func editedWhileInFlight(answersAppliedByRevision: Bool) async throws {
        let server = FakeSyncServer(info: ServerInfo(apiVersion: 1, minimumClientAPIVersion: 1, keepsAttachments: true,
                                                     answersAppliedByRevision: answersAppliedByRevision))
        let editing = EditingWhilePushing(server: server)
        let client = Client(transport: editing)
        let edited = try makeNote("a1", "Edited meanwhile", body: "v1")
        let untouched = try makeNote("b1", "Untouched", body: "v1")
        try await client.store.create(edited)
        try await client.store.create(untouched)
        await editing.whilePushing { try await client.edit(edited.id, body: "v2") }

        // The first round's answer leaves the edit pending; the sync's next round pushes it.
        #expect(try await client.sync().pushed == 3)
        #expect(await client.store.pendingChanges().isEmpty)
        #expect(try await server.history(of: edited.id).map(\.note.body) == ["v2", "v1"])
        #expect(try await client.bases.baseRevisions(of: [edited.id, untouched.id]) == [edited.id: 2, untouched.id: 1])
        #expect(await client.store.allNotes() == (await server.allNotes()))
    }
}

/// The server, with something done on the client's side while the first push is on its way.
actor EditingWhilePushing: InFrontOfFakeServer {
    let server: FakeSyncServer
    private var action: (@Sendable () async throws -> Void)?

    init(server: FakeSyncServer) { self.server = server }

    func whilePushing(_ action: @escaping @Sendable () async throws -> Void) { self.action = action }

    func push(_ request: PushRequest) async throws(SyncError) -> PushReply {
        if let action {
            self.action = nil
            do { try await action() } catch { Issue.record(error) }
        }
        return try await server.push(request)
    }
}
