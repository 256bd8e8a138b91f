import NoteStoreInterface
import QuillModels

/// The batch of an `InMemoryNoteStore.createInBulk`: holds the added notes until the store
/// applies them in one all-or-nothing `apply`.
actor InMemoryBulkCreation: BulkCreation {
    private let store: InMemoryNoteStore
    private var added: [NoteID: Note] = [:]
    private var order: [NoteID] = []
    private var histories: [NoteID: [NoteRevision]] = [:]
    private var finished = false

    init(store: InMemoryNoteStore) {
        self.store = store
    }

    func existing(_ id: NoteID) async throws -> Note? {
        try checkOpen()
        if let note = added[id] { return note }
        return await store.note(id: id)
    }

    func add(_ notes: [Note]) async throws {
        try checkOpen()
        var seen = Set<NoteID>()
        for note in notes {
            guard seen.insert(note.id).inserted else { throw NoteStoreError.duplicateInBatch(note.id) }
            if added[note.id] != nil { throw NoteStoreError.alreadyExists(note.id) }
            if await store.note(id: note.id) != nil { throw NoteStoreError.alreadyExists(note.id) }
        }
        for note in notes {
            added[note.id] = note
            order.append(note.id)
        }
    }

    func addHistories(_ histories: [[NoteRevision]]) throws {
        try checkOpen()
        for current in histories.compactMap(\.first) where added[current.note.id] != current.note {
            throw NoteStoreError.notFound(current.note.id)
        }
        for history in histories where !history.isEmpty { self.histories[history[0].note.id] = history }
    }

    /// Ends the batch: the writes to apply, in the order they were added, and the histories.
    func finish() -> (writes: [NoteWrite], histories: [[NoteRevision]]) {
        finished = true
        return (order.compactMap { added[$0].map(NoteWrite.create) }, order.compactMap { histories[$0] })
    }

    private func checkOpen() throws {
        if finished { throw NoteStoreError.unavailable("the bulk creation has finished") }
    }
}
