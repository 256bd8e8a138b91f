import QuillModels

/// Removes deleted notes for good, with their history: what `quill trash empty` does.
///
/// Exists apart from `NoteWriting` because it is the one operation that loses revisions, on
/// purpose: only the trash asks for it, and only tombstones can be purged.
public protocol NotePurging: Sendable {
    /// Removes each note, its history and its pending mark. Throws `NoteStoreError.notFound` for
    /// an ID the store does not hold and `.notDeleted` for a live note, and then removes nothing.
    func purge(_ ids: [NoteID]) async throws
}
