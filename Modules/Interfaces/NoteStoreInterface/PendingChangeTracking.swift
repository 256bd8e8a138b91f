import QuillModels

/// Which notes were written locally and not yet acknowledged by a sync server.
///
/// Exists for sync alone: it pushes what is pending and acknowledges what the server took.
/// The mark is set by `NoteWriting.apply` in the same all-or-nothing step as the write.
public protocol PendingChangeTracking: Sendable {
    /// IDs of notes written locally and not yet acknowledged, in the order first written.
    func pendingChanges() async throws -> [NoteID]
    /// Which of `ids` are pending: for a sync applying a page or a push answer, which must not pay
    /// for listing every pending note once per batch.
    func pendingChanges(among ids: [NoteID]) async throws -> Set<NoteID>
    /// Clears the pending mark of each note that is still at the given revision
    /// (a note edited again since it was pushed stays pending).
    func acknowledge(_ revisions: [NoteID: Int]) async throws
}

extension PendingChangeTracking {
    /// From the whole pending list: for stores whose list costs no more than the lookup.
    public func pendingChanges(among ids: [NoteID]) async throws -> Set<NoteID> {
        Set(try await pendingChanges()).intersection(ids)
    }
}
