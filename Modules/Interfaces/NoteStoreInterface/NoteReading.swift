import QuillModels

/// Reads notes: by ID, as a listing, and as a catalog of IDs to walk page by page.
///
/// Exists because reading is all most clients need: an export (the client's and the
/// server's) only reads, so it asks for this and nothing that could write.
public protocol NoteReading: Sendable {
    /// The note with this ID, tombstones included; `nil` if there is none.
    func note(id: NoteID) async throws -> Note?
    /// The notes with these IDs that exist, tombstones included: for a sync reading a page or a
    /// batch at once, which a store may answer in one step instead of one per note.
    func notes(ids: [NoteID]) async throws -> [NoteID: Note]
    /// Live notes (and tombstones if asked), newest first.
    func list(_ query: NoteQuery) async throws -> NoteListing
    /// The IDs of the notes `list` would return (limit aside), without their summaries: at
    /// most `limit` of them (at least one), in ID order, after `after` (from the start if `nil`).
    func catalog(_ query: NoteQuery, after: NoteID?, limit: Int) async throws -> NoteCatalog
}

extension NoteReading {
    /// One `note(id:)` per ID: for stores where that costs no more.
    public func notes(ids: [NoteID]) async throws -> [NoteID: Note] {
        var found: [NoteID: Note] = [:]
        for id in ids {
            if let note = try await note(id: id) { found[id] = note }
        }
        return found
    }
}
