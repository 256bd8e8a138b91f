import NoteStoreInterface
import QuillModels

/// A minimal in-memory `NoteStore` to develop the engine against until `NoteStoreTesting` lands.
actor TestNoteStore: NoteStore {
    private var notes: [NoteID: Note] = [:]
    private var pending: [NoteID] = []

    func note(id: NoteID) async throws -> Note? { notes[id] }

    func list(_ query: NoteQuery) async throws -> NoteListing {
        NoteListing(notes: query.arrange(notes.values.map(\.summary)))
    }

    func search(_ text: String, limit: Int?) async throws -> NoteListing {
        let found = notes.values.filter { !$0.isDeleted && ($0.title + $0.body).lowercased().contains(text.lowercased()) }
        return NoteListing(notes: NoteQuery(limit: limit).arrange(found.map(\.summary)))
    }

    func ids(withPrefix prefix: String) async throws -> [NoteID] {
        notes.keys.filter { $0.rawValue.hasPrefix(prefix) }.sorted()
    }

    func apply(_ writes: [NoteWrite], origin: WriteOrigin) async throws {
        var seen = Set<NoteID>()
        for write in writes {
            let id = write.note.id
            guard seen.insert(id).inserted else { throw NoteStoreError.duplicateInBatch(id) }
            switch write {
            case .create:
                if notes[id] != nil { throw NoteStoreError.alreadyExists(id) }
            case .update(_, let expected):
                guard let current = notes[id] else { throw NoteStoreError.notFound(id) }
                guard current.revision == expected else {
                    throw NoteStoreError.revisionConflict(id, expected: expected, actual: current.revision)
                }
            }
        }
        for write in writes {
            notes[write.note.id] = write.note
            if origin == .local && !pending.contains(write.note.id) { pending.append(write.note.id) }
        }
    }

    func pendingChanges() async throws -> [NoteID] { pending }

    func acknowledge(_ revisions: [NoteID: Int]) async throws {
        pending.removeAll { id in revisions[id].map { notes[id]?.revision == $0 } ?? false }
    }

    /// Every note, tombstones included, ordered by ID (test helper).
    func allNotes() -> [Note] { notes.values.sorted { $0.id < $1.id } }
}
