import Foundation
import NoteStoreInterface
import QuillModels
import StandardTesting
import Testing

/// A note whose stored form cannot be read is set aside, and nothing else is: every store
/// answers alike, and a store whose notes can be damaged (the file store) takes the damaged one
/// out whole, so that the note can come back from elsewhere.
@Suite("Damaged note contract", .scratchDirectory)
struct DamagedNoteContractTests {
    @Test(arguments: Implementation.allCases)
    func aReadableOrAbsentNoteIsNotSetAside(fixture: Implementation) async throws {
        let store = try fixture.make()
        let note = try NoteMaker.note(1)
        try await store.create(note)
        #expect(try await store.setAsideDamaged(note.id) == nil)
        #expect(try await store.setAsideDamaged(try NoteMaker.note(2).id) == nil)
        #expect(try await store.note(id: note.id) == note)
        #expect(try await store.pendingChanges() == [note.id])
    }

    @Test(arguments: Implementation.allCases)
    func aDamagedNoteIsSetAsideWithItsHistoryAndCanComeBack(fixture: Implementation) async throws {
        let (store, damage) = try fixture.makeDamageable()
        guard let damage else { return }
        let damaged = try NoteMaker.note(1, body: "one\n"), other = try NoteMaker.note(2)
        try await store.apply([.create(damaged), .create(other)], origin: .local)
        try await store.update(try damaged.revised(body: "two\n", at: NoteMaker.start), expectedRevision: 1)
        try damage(damaged.id)
        await #expect(throws: NoteStoreError.self) { try await store.note(id: damaged.id) }
        let keptAt = try #require(try await store.setAsideDamaged(damaged.id))
        #expect(keptAt.hasSuffix("/damaged/\(damaged.id.rawValue).json"))
        #expect(try await store.note(id: damaged.id) == nil)
        #expect(try await store.history(of: damaged.id).isEmpty)
        #expect(try await store.list(NoteQuery(includeDeleted: true)).notes.map(\.id) == [other.id])
        #expect(try await store.pendingChanges() == [other.id])
        // The server's version takes its place, with a history of its own.
        let fromServer = try damaged.revised(body: "from the server\n", at: NoteMaker.start.addingTimeInterval(60))
        try await store.apply([.create(fromServer)], origin: .remote)
        #expect(try await store.note(id: damaged.id) == fromServer)
        #expect(try await store.history(of: damaged.id).count == 1)
        // Damaged again: kept beside the first.
        try damage(damaged.id)
        #expect(try await store.setAsideDamaged(damaged.id)?.hasSuffix("/damaged/\(damaged.id.rawValue)-2.json") == true)
    }
}
