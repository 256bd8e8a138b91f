import Dispatch
import FileSystemInterface
import NoteStoreInterface
import QuillModels
import Synchronization

/// The `BulkCreation` a `FileNoteStore` hands to `createInBulk`: checks each chunk and passes
/// it to the `BulkTransaction`, while the store holds the exclusive lock.
///
/// Creating a chunk's files is most of an import's time and cannot be spread over cores (the
/// kernel serializes file creation in one directory), so it runs behind: `add` encodes the
/// chunk and logs its IDs, then returns once the chunk before it has been created, and the
/// chunk is created while the caller decides the next one. At most one chunk waits in memory
/// (letting two wait measured no faster).
/// The creating runs on a queue of its own, outside Swift's cooperative thread pool, so that a
/// busy reader cannot keep it waiting for a thread.
final class FileBulkCreation: BulkCreation {
    private let transaction: BulkTransaction
    private let creator = DispatchQueue(label: "FileBulkCreation.creator")
    private let readNote: @Sendable (NoteID) throws -> Note?
    /// Whether the store had no notes directory when the batch began: then only this batch
    /// can have taken an ID, and `added` answers most presence questions without a lookup.
    private let storeStartedEmpty: Bool
    private let state = Mutex(State())

    private struct State {
        var chunks = 0
        var finished = false
        /// IDs `existing` found free: nothing but this batch can take them while the store
        /// holds the exclusive lock, so `add` need not look again (one path lookup per note).
        var knownFree = Set<NoteID>()
        /// Every ID added so far; one it does not contain is not waiting to be created.
        var added = AddedIDFilter()
        /// The creation of the last chunk added; each one waits for the one before, so a
        /// failure is passed down the line to whoever waits last.
        var creating: Task<Void, any Error>?
    }

    init(transaction: BulkTransaction, storeStartedEmpty: Bool, readNote: @escaping @Sendable (NoteID) throws -> Note?) {
        self.transaction = transaction
        self.storeStartedEmpty = storeStartedEmpty
        self.readNote = readNote
    }

    func existing(_ id: NoteID) async throws -> Note? {
        try checkOpen()
        let mayBeAdded = state.withLock { state in
            let mayBeAdded = state.added.mayContain(id)
            if storeStartedEmpty, !mayBeAdded { state.knownFree.insert(id) }
            return mayBeAdded
        }
        if storeStartedEmpty, !mayBeAdded { return nil }
        if mayBeAdded { try await waitForCreation() }
        guard let note = try readNote(id) else {
            state.withLock { _ = $0.knownFree.insert(id) }
            return nil
        }
        return note
    }

    func add(_ notes: [Note]) async throws {
        guard !notes.isEmpty else { return }
        try checkOpen()
        var seen = Set<NoteID>(minimumCapacity: notes.count)
        for index in notes.indices {
            guard seen.insert(notes[index].id).inserted else { throw NoteStoreError.duplicateInBatch(notes[index].id) }
        }
        let unchecked = state.withLock { state in notes.filter { state.knownFree.remove($0.id) == nil } }
        if !unchecked.isEmpty {
            try await waitForCreation()
            if let taken = unchecked.first(where: { transaction.files.exists(transaction.layout.note($0.id)) }) {
                throw NoteStoreError.alreadyExists(taken.id)
            }
        }
        let chunk = try state.withLock { state throws -> Int in
            guard !state.finished else { throw Self.finishedError }
            for index in notes.indices { state.added.insert(notes[index].id) }
            state.chunks += 1
            return state.chunks
        }
        try await createBehind(try transaction.prepare(notes, chunk: chunk))
    }

    func addHistories(_ histories: [[NoteRevision]]) async throws {
        let histories = histories.filter { !$0.isEmpty }
        guard !histories.isEmpty else { return }
        try checkOpen()
        for history in histories {
            let current = history[0].note
            guard state.withLock({ $0.added.mayContain(current.id) }), try await existing(current.id) == current else {
                throw NoteStoreError.notFound(current.id)
            }
        }
        try await createBehind(try transaction.prepareHistories(histories))
    }

    /// Creates `prepared` after the chunk before it, and waits for that one.
    private func createBehind(_ prepared: BulkTransaction.PreparedChunk) async throws {
        let previous = state.withLock { state in
            let previous = state.creating
            state.creating = Task { [transaction, creator] in
                try await previous?.value
                try await withCheckedThrowingContinuation { (done: CheckedContinuation<Void, any Error>) in
                    creator.async { done.resume(with: Result { try transaction.create(prepared) }) }
                }
            }
            return previous
        }
        try await previous?.value
    }

    /// Waits until every chunk is on disk (or throws why one is not), then refuses every later
    /// call: the batch is about to be committed.
    func finish() async throws {
        state.withLock { $0.finished = true }
        try await waitForCreation()
    }

    /// Waits until nothing is being created, then refuses every later call: the batch is about
    /// to be rolled back.
    func abandon() async {
        state.withLock { $0.finished = true }
        try? await waitForCreation()
    }

    private func waitForCreation() async throws {
        try await state.withLock({ $0.creating })?.value
    }

    private func checkOpen() throws {
        if state.withLock({ $0.finished }) { throw Self.finishedError }
    }

    private static let finishedError = NoteStoreError.unavailable("the bulk creation has finished")
}
