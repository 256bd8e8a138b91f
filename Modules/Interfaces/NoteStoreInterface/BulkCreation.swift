import QuillModels

/// The store as seen from inside `NoteBulkCreating.createInBulk`: where a batch too large to hold in
/// memory (an archive import) is added chunk by chunk.
///
/// Exists so that an import can stream: it asks about one incoming note at a time and hands
/// over a chunk at a time, while the store keeps the whole batch all-or-nothing.
public protocol BulkCreation: Sendable {
    /// The note with this ID in the store, counting notes added earlier in this batch.
    func existing(_ id: NoteID) async throws -> Note?
    /// Adds new notes to the batch. Throws `alreadyExists` if an ID is taken (in the store or
    /// by an earlier chunk) and `duplicateInBatch` if it appears twice in `notes`; either way
    /// nothing of this call is added.
    func add(_ notes: [Note]) async throws
    /// Adds the earlier revisions of notes added to this batch (an archive exported with its
    /// history): each history newest first, its first revision the note as added. Throws
    /// `notFound` for a note this batch did not add; nothing of this call is added then.
    func addHistories(_ histories: [[NoteRevision]]) async throws
}
