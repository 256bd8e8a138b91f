import Foundation
import QuillModels
import SyncFeature
import SyncTransportInterface
import SyncTransportTesting
import Testing

/// Two devices' edits of different lines of one note end in one note holding both, on every
/// device, without a conflict copy; with a server that does not merge, they conflict as before.
@Suite struct MergeTests {
    static let body = "one\ntwo\nthree\nfour\n"

    func twoClients(_ server: FakeSyncServer) async throws -> (Client, Client, NoteID) {
        let alice = Client(transport: server), bob = Client(transport: server)
        let note = try makeNote("a1", "Plan", body: Self.body)
        try await alice.store.create(note)
        try await alice.sync()
        try await bob.sync()
        return (alice, bob, note.id)
    }

    @Test func editsOfDifferentLinesMergeEverywhere() async throws {
        let server = FakeSyncServer()
        let (alice, bob, id) = try await twoClients(server)
        try await alice.edit(id, body: "ONE\ntwo\nthree\nfour\n")
        try await bob.edit(id, body: "one\ntwo\nthree\nFOUR\n")
        try await alice.sync()
        let report = try await bob.sync()
        #expect(report.conflicts == 0 && report.merged == 1 && report.pushed == 1)
        try await alice.sync()
        let final = await server.allNotes()
        #expect(final.map(\.body) == ["ONE\ntwo\nthree\nFOUR\n"])
        #expect(await alice.store.allNotes() == final)
        #expect(await bob.store.allNotes() == final)
        #expect(await bob.store.pendingChanges().isEmpty)
        #expect(try await server.history(of: id).map(\.note.body) == ["ONE\ntwo\nthree\nFOUR\n", "ONE\ntwo\nthree\nfour\n", Self.body])
    }

    @Test func aServerThatDoesNotMergeStillMakesAConflictCopy() async throws {
        let server = FakeSyncServer(info: ServerInfo(apiVersion: 1, minimumClientAPIVersion: 1, keepsAttachments: true,
                                                     answersAppliedByRevision: true, merges: false))
        let (alice, bob, id) = try await twoClients(server)
        try await alice.edit(id, body: "ONE\ntwo\nthree\nfour\n")
        try await bob.edit(id, body: "one\ntwo\nthree\nFOUR\n")
        try await alice.sync()
        let report = try await bob.sync()
        #expect(report.conflicts == 1 && report.merged == 0)
        #expect(await server.allNotes().count == 2)
    }

    /// The merge answers a push of a note edited again meanwhile: the other device's edit joins the
    /// local one, which stays pending and goes out with it; nothing is lost, and no copy is made.
    @Test func aNoteEditedWhileItsPushWasMergedKeepsAllThreeEdits() async throws {
        let server = FakeSyncServer()
        let editing = EditingWhilePushing(server: server)
        let alice = Client(transport: server), bob = Client(transport: editing)
        let note = try makeNote("a1", "Plan", body: Self.body)
        try await alice.store.create(note)
        try await alice.sync()
        try await bob.sync()
        try await alice.edit(note.id, body: "ONE\ntwo\nthree\nfour\n")
        try await alice.sync()
        try await bob.edit(note.id, body: "one\ntwo\nthree\nFOUR\n")
        // While bob's push is on its way, he edits the second line too.
        await editing.whilePushing { try await bob.edit(note.id, body: "one\nTWO\nthree\nFOUR\n") }
        // Bob's pull meets alice's edit and leaves both to the push, which the server merges.
        let report = try await bob.sync()
        #expect(report.conflicts == 0 && report.merged == 1)
        try await alice.sync()
        let final = await server.allNotes()
        #expect(final.filter { $0.id == note.id }.map(\.body) == ["ONE\nTWO\nthree\nFOUR\n"])
        #expect(await bob.store.pendingChanges().isEmpty)
        #expect(await alice.store.allNotes() == final)
        #expect(await bob.store.allNotes() == final)
    }
}
