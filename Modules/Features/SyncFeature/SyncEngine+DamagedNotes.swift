import QuillModels

/// Where a sync meets a note of this home that cannot be read.
extension SyncEngine {
    /// The local notes with these IDs, and those of them that were damaged and set aside
    /// (`DamagedNoteRecovery`, the server's copy put in their place): a damaged note file would
    /// otherwise stop every sync at the page or push that holds its note.
    func readableNotes(_ ids: [NoteID]) async throws -> (notes: [NoteID: Note], setAside: Set<NoteID>) {
        let transport = transport, retrier = retrier
        let recovery = DamagedNoteRecovery(store: store, serverCopy: { id in
            try await retrier.run { try await DamagedNoteRecovery.newestRevision(of: id, from: transport) }
        }, baseRevisions: baseRevisions)
        let read = try await recovery.readableNotes(ids)
        damagedNotes += read.damaged
        return (read.notes, Set(read.damaged.map(\.id)))
    }
}
