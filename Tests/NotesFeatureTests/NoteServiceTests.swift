import Foundation
import NotesFeature
import NoteStoreInterface
import NoteStoreTesting
import QuillModels
import StandardTesting
import Testing

@Suite("Note service")
struct NoteServiceTests {
    let start = Date(millisecondsSince1970: 1_767_603_600_000)

    func service(_ store: any NoteStore = InMemoryNoteStore()) -> NoteService {
        NoteService(store: store, clock: SteppingClock(start: start, step: 60), ids: SequentialNoteIDs())
    }

    @Test func addStampsIDAndTimeAndNormalizesTags() async throws {
        let store = InMemoryNoteStore()
        let note = try await service(store).add(title: "Hello", body: "World", tags: ["B", " a "])
        #expect(note.id == NoteID(high: 0, low: 1))
        #expect(note.created == start && note.updated == start)
        #expect(note.tags.map(\.rawValue) == ["a", "b"])
        #expect(await store.note(id: note.id) == note)
        #expect(await store.pendingChanges() == [note.id])
    }

    @Test func invalidInputChangesNothing() async throws {
        let store = InMemoryNoteStore()
        await #expect(throws: NoteValidationError.emptyTitle) { try await service(store).add(title: " ", body: "", tags: []) }
        await #expect(throws: NoteValidationError.tagContainsSpace("a b")) {
            try await service(store).add(title: "t", body: "", tags: ["a b"])
        }
        #expect(await store.list(NoteQuery(includeDeleted: true)).notes.isEmpty)
    }

    @Test func aUniquePrefixResolvesAndAnAmbiguousOneListsCandidates() async throws {
        let notes = service()
        let first = try await notes.add(title: "One", body: "", tags: [])
        let second = try await notes.add(title: "Two", body: "", tags: [])
        #expect(try await notes.resolve(String(first.id.rawValue.suffix(32))) == first.id)
        await #expect(throws: NoteServiceError.ambiguous("0000", candidates: [first.id, second.id])) {
            try await notes.resolve("0000")
        }
        await #expect(throws: NoteServiceError.notFound("ffff")) { try await notes.resolve("ffff") }
        await #expect(throws: NoteServiceError.invalidReference("xyz")) { try await notes.resolve("xyz") }
        #expect(try await notes.resolve(first.id.rawValue.uppercased()) == first.id)
    }

    @Test func editChangesOnlyWhatIsAskedAndBumpsTheRevision() async throws {
        let store = InMemoryNoteStore()
        let notes = service(store)
        let note = try await notes.add(title: "Title", body: "Body", tags: ["keep", "drop"])
        let edited = try await notes.edit(note.id.rawValue, changes: NoteChanges(addTags: ["new"], removeTags: ["DROP"]))
        #expect(edited.title == "Title" && edited.body == "Body")
        #expect(edited.tags.map(\.rawValue) == ["keep", "new"])
        #expect(edited.revision == 2)
        #expect(edited.updated == start.addingTimeInterval(60))
        #expect(await store.note(id: note.id) == edited)
    }

    @Test func anEditThatChangesNothingWritesNothing() async throws {
        let store = InMemoryNoteStore()
        let notes = service(store)
        let note = try await notes.add(title: "Title", body: "Body", tags: [])
        let same = try await notes.edit(note.id.rawValue, changes: NoteChanges(title: "Title"))
        #expect(same.revision == 1)
        await #expect(throws: NoteServiceError.nothingToChange) { try await notes.edit(note.id.rawValue, changes: NoteChanges()) }
    }

    @Test func removeLeavesATombstoneThatIsNoLongerFound() async throws {
        let store = InMemoryNoteStore()
        let notes = service(store)
        let note = try await notes.add(title: "Gone", body: "", tags: [])
        let tombstone = try await notes.remove(note.id.rawValue)
        #expect(tombstone.isDeleted && tombstone.revision == 2)
        await #expect(throws: NoteServiceError.notFound(note.id.rawValue)) { try await notes.note(note.id.rawValue) }
        #expect(await store.note(id: note.id)?.isDeleted == true)
    }

    @Test func storeFailuresReachTheCaller() async throws {
        let failing = FailingNoteStore(wrapping: InMemoryNoteStore(), failing: [.write: .unavailable("disk full")])
        await #expect(throws: NoteStoreError.unavailable("disk full")) {
            try await service(failing).add(title: "t", body: "", tags: [])
        }
    }
}
