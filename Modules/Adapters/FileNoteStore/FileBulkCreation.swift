import FileSystemInterface
import NoteStoreInterface
import QuillModels
import Synchronization

/// The `BulkCreation` a `FileNoteStore` hands to `createInBulk`: checks each chunk and passes
/// it to the `BulkTransaction`, while the store holds the exclusive lock.
final class FileBulkCreation: BulkCreation {
    private let transaction: BulkTransaction
    private let readNote: @Sendable (NoteID) throws -> Note?
    private let state = Mutex(State())

    private struct State {
        var chunks = 0
        var finished = false
        /// IDs `existing` found free: nothing but this batch can take them while the store
        /// holds the exclusive lock, so `add` need not look again (one path lookup per note).
        var knownFree = Set<NoteID>()
    }

    init(transaction: BulkTransaction, readNote: @escaping @Sendable (NoteID) throws -> Note?) {
        self.transaction = transaction
        self.readNote = readNote
    }

    func existing(_ id: NoteID) throws -> Note? {
        try checkOpen()
        guard let note = try readNote(id) else {
            state.withLock { _ = $0.knownFree.insert(id) }
            return nil
        }
        return note
    }

    func add(_ notes: [Note]) throws {
        guard !notes.isEmpty else { return }
        var seen = Set<NoteID>()
        for note in notes {
            guard seen.insert(note.id).inserted else { throw NoteStoreError.duplicateInBatch(note.id) }
        }
        let unchecked = state.withLock { state in notes.filter { state.knownFree.remove($0.id) == nil } }
        if let taken = unchecked.first(where: { transaction.files.exists(transaction.layout.note($0.id)) }) {
            throw NoteStoreError.alreadyExists(taken.id)
        }
        let chunk = try state.withLock { state throws -> Int in
            guard !state.finished else { throw Self.finishedError }
            state.chunks += 1
            return state.chunks
        }
        try transaction.add(notes, chunk: chunk)
    }

    /// Refuses every later call: the batch has been committed or rolled back.
    func finish() {
        state.withLock { $0.finished = true }
    }

    private func checkOpen() throws {
        if state.withLock({ $0.finished }) { throw Self.finishedError }
    }

    private static let finishedError = NoteStoreError.unavailable("the bulk creation has finished")
}
