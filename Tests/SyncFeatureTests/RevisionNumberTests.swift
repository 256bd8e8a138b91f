import QuillModels
import SyncTransportTesting
import Testing

/// A revision number names one revision of a note on each device: `quill show --revision N`,
/// `diff` and `restore` reach every revision a history lists (docs/history.md, "Revision numbers").
@Suite("Sync engine: a note never holds two revisions under one number")
struct RevisionNumberTests {
    @Test("Edits made offline keep their numbers through a push, on the device and on the server")
    func offlineEditsKeepTheirNumbers() async throws {
        let server = FakeSyncServer()
        let alice = Client(transport: server)
        let note = try makeNote("a1", "Plan", body: "v1")
        try await alice.store.create(note)
        try await alice.sync()
        try await alice.edit(note.id, body: "v2")
        try await alice.edit(note.id, body: "v3")
        try await alice.sync()

        #expect(await numbers(alice, note.id) == [3, 2, 1])
        #expect(try await server.history(of: note.id).map(\.note.revision) == [3, 1])
        #expect(await alice.store.allNotes() == server.allNotes())
        #expect(await alice.store.pendingChanges().isEmpty)
    }

    @Test("A server edit that wins over a local delete numbered higher is stored after it, and pushed")
    func aServerEditWinningOverAHigherLocalDelete() async throws {
        let (server, alice, bob, id) = try await twoClientsSharingANote()
        try await alice.edit(id, body: "alice")
        try await alice.sync() // the server's revision 2
        try await bob.edit(id, body: "bob 2")
        try await bob.edit(id, body: "bob 3")
        try await bob.delete(id) // bob's revision 4
        let report = try await bob.sync()

        #expect(report.conflicts == 1)
        #expect(await numbers(bob, id) == [5, 4, 3, 2, 1])
        let current = try #require(await bob.store.note(id: id))
        #expect(current.body == "alice" && !current.isDeleted && current.revision == 5)
        #expect(await bob.store.allNotes() == server.allNotes())
        #expect(await bob.store.pendingChanges().isEmpty)
        try await alice.sync()
        #expect(await alice.store.allNotes() == server.allNotes())
    }

    @Test("Another device's same text under a lower number stays pending here and is pushed under this number")
    func theSameTextFromAnotherDeviceUnderALowerNumber() async throws {
        let (server, alice, bob, id) = try await twoClientsSharingANote()
        try await alice.edit(id, body: "agreed")
        try await alice.sync() // the server's revision 2
        try await bob.edit(id, body: "draft")
        try await bob.edit(id, body: "agreed") // bob's revision 3, the same text
        let report = try await bob.sync()

        #expect(report.conflicts == 0)
        #expect(await numbers(bob, id) == [3, 2, 1])
        #expect(await bob.store.allNotes() == server.allNotes())
        #expect(await bob.store.pendingChanges().isEmpty)
    }

    /// The revision numbers of the client's history of the note, newest first.
    private func numbers(_ client: Client, _ id: NoteID) async -> [Int] {
        await client.store.history(of: id).map(\.note.revision)
    }
}
