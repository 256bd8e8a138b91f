import Foundation
import NotesFeature
import NoteStoreInterface
import NoteStoreTesting
import QuillModels
import StandardTesting
import Testing

/// An edit made in `$EDITOR` over a while, saved after a `quill sync --watch` beside it wrote
/// another change of the note: the other change was lost without a word.
@Suite("An edit made from an earlier revision")
struct EditFromRevisionTests {
    let store = InMemoryNoteStore()
    let notes: NoteService
    let body = "line one\nline two\nline three\nline four\n"

    init() {
        notes = NoteService(store: store, clock: SteppingClock(start: Date(millisecondsSince1970: 1_767_603_600_000), step: 60),
                            ids: SequentialNoteIDs())
    }

    @Test("nothing changed meanwhile: the edit is the next revision")
    func nothingMeanwhile() async throws {
        let original = try await notes.add(title: "Lines", body: body, tags: [])
        let outcome = try await notes.edit(original, changes: NoteChanges(title: "Lines", body: "line one\n"))
        guard case .edited(let note) = outcome else { Issue.record("\(outcome)"); return }
        #expect(note.revision == 2 && note.body == "line one\n")
    }

    @Test("a change of other lines meanwhile: both are kept, in one revision")
    func otherLinesMerge() async throws {
        let original = try await notes.add(title: "Lines", body: body, tags: ["work"])
        _ = try await notes.edit(original.id.rawValue, changes: NoteChanges(body: body.replacingOccurrences(of: "line one", with: "line ONE")))
        let outcome = try await notes.edit(original, changes: NoteChanges(title: "Lines", body: body.replacingOccurrences(of: "line four", with: "line FOUR")))
        guard case .merged(let note, let meanwhile) = outcome else { Issue.record("\(outcome)"); return }
        #expect(meanwhile == 2 && note.revision == 3)
        #expect(note.body == "line ONE\nline two\nline three\nline FOUR\n" && note.tags.map(\.rawValue) == ["work"])
        #expect(await store.note(id: original.id) == note)
    }

    @Test("a change of the same lines meanwhile: the note keeps it, and the edit is a note of its own")
    func sameLinesKeptApart() async throws {
        let original = try await notes.add(title: "Lines", body: body, tags: ["work"])
        let meanwhile = try await notes.edit(original.id.rawValue, changes: NoteChanges(body: "line one, theirs\n"))
        let outcome = try await notes.edit(original, changes: NoteChanges(title: "Lines", body: "line one, mine\n"))
        guard case .keptApart(let copy, let current) = outcome else { Issue.record("\(outcome)"); return }
        #expect(current == meanwhile)
        #expect(await store.note(id: original.id) == meanwhile)
        #expect(copy.id != original.id && copy.title == "Lines (edited meanwhile)" && copy.body == "line one, mine\n")
        #expect(copy.tags.map(\.rawValue) == ["work"])
        #expect(await store.note(id: copy.id) == copy)
    }

    @Test("deleted meanwhile: the edit brings the note back")
    func deletedMeanwhile() async throws {
        let original = try await notes.add(title: "Lines", body: body, tags: [])
        _ = try await notes.remove(original.id.rawValue)
        let outcome = try await notes.edit(original, changes: NoteChanges(title: "Lines", body: "kept\n"))
        guard case .restored(let note) = outcome else { Issue.record("\(outcome)"); return }
        #expect(!note.isDeleted && note.body == "kept\n" && note.revision == 3)
    }

    @Test("an edit that changes nothing writes nothing, whatever came meanwhile")
    func unchangedEdit() async throws {
        let original = try await notes.add(title: "Lines", body: body, tags: [])
        let meanwhile = try await notes.edit(original.id.rawValue, changes: NoteChanges(body: "theirs\n"))
        #expect(try await notes.edit(original, changes: NoteChanges(title: "Lines", body: body)) == .edited(meanwhile))
    }
}
