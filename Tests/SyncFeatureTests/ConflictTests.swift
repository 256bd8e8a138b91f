import QuillModels
import SyncFeature
import SyncTransportTesting
import Testing

@Suite("Sync engine: conflicts never lose an edit")
struct ConflictTests {
    @Test("Both edited: the local note stays, the server's version becomes a titled conflict copy, on every client")
    func bothEdited() async throws {
        let (server, alice, bob, id) = try await twoClientsSharingANote()
        try await alice.edit(id, body: "alice")
        try await bob.edit(id, body: "bob")
        try await alice.sync()

        let report = try await bob.sync()
        #expect(report.conflicts == 1)
        try await alice.sync()

        let final = await server.allNotes()
        #expect(final.count == 2)
        #expect(final.first { $0.id == id }?.body == "bob")
        let copy = try #require(final.first { $0.id != id })
        #expect(copy.body == "alice")
        #expect(copy.title == "Plan (conflict from server 2026-11-18)")
        #expect(await alice.store.allNotes() == final)
        #expect(await bob.store.allNotes() == final)
    }

    @Test("Conflict found while pulling (before pushing) is resolved the same way")
    func conflictWhilePulling() async throws {
        let (server, alice, bob, id) = try await twoClientsSharingANote()
        try await alice.edit(id, body: "alice")
        try await alice.sync()
        try await bob.edit(id, body: "bob")
        let report = try await bob.sync()
        #expect(report.conflicts == 1)
        try await alice.sync()
        #expect(await server.allNotes().map(\.body).sorted() == ["alice", "bob"])
        #expect(await alice.store.allNotes() == (await bob.store.allNotes()))
    }

    @Test("Local edit racing a server delete: the edited note is kept everywhere")
    func editBeatsRemoteDelete() async throws {
        let (server, alice, bob, id) = try await twoClientsSharingANote()
        try await alice.delete(id)
        try await alice.sync()
        try await bob.edit(id, body: "still needed")
        let report = try await bob.sync()
        #expect(report.conflicts == 1)
        try await alice.sync()
        let final = await server.allNotes()
        #expect(final.count == 1)
        #expect(final.first?.isDeleted == false && final.first?.body == "still needed")
        #expect(await alice.store.allNotes() == final)
    }

    @Test("Local delete racing a server edit: the edit wins and the delete is dropped")
    func remoteEditBeatsLocalDelete() async throws {
        let (server, alice, bob, id) = try await twoClientsSharingANote()
        try await alice.edit(id, body: "still needed")
        try await alice.sync()
        try await bob.delete(id)
        let report = try await bob.sync()
        #expect(report.conflicts == 1)
        let final = await server.allNotes()
        #expect(final.count == 1 && final.first?.isDeleted == false && final.first?.body == "still needed")
        #expect(await bob.store.allNotes() == final)
        #expect(await bob.store.pendingChanges().isEmpty)
    }

    @Test("Both deleted, or both made the same edit: no conflict, nothing duplicated")
    func sameChangeOnBothSides() async throws {
        let (server, alice, bob, id) = try await twoClientsSharingANote()
        try await alice.edit(id, body: "same")
        try await bob.edit(id, body: "same")
        try await alice.sync()
        #expect(try await bob.sync().conflicts == 0)
        try await alice.delete(id)
        try await bob.delete(id)
        try await alice.sync()
        #expect(try await bob.sync().conflicts == 0)
        try await alice.sync()
        let final = await server.allNotes()
        #expect(final.count == 1 && final.first?.isDeleted == true)
        #expect(await alice.store.allNotes() == final)
        #expect(await bob.store.allNotes() == final)
    }

    @Test("Two clients meeting the same server version make the same conflict copy, not two")
    func conflictCopiesAreDeterministic() async throws {
        let (server, alice, bob, id) = try await twoClientsSharingANote()
        let carol = Client(transport: server)
        try await carol.sync()
        try await alice.edit(id, body: "alice")
        try await alice.sync()
        try await bob.edit(id, body: "bob")
        try await carol.edit(id, body: "carol")
        try await bob.sync()
        try await carol.sync()
        for client in [alice, bob, carol] { try await client.sync() }
        let bodies = await server.allNotes().map(\.body).sorted()
        #expect(bodies == ["alice", "bob", "carol"])
    }
}
