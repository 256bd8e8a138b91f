import QuillModels

/// Keeps notes: the port every feature uses to read and write them.
///
/// The store is deliberately dumb: it persists what it is given and guards against lost
/// updates (`expectedRevision`), while the rules for *what* to write (timestamps,
/// revisions, tombstones) live in the features. Deleting is an update to a tombstone.
public protocol NoteStore: Sendable {
    /// The note with this ID, tombstones included; `nil` if there is none.
    func note(id: NoteID) async throws -> Note?
    /// Live notes (and tombstones if asked), newest first.
    func list(_ query: NoteQuery) async throws -> NoteListing
    /// Live notes whose title or body contains `text`, case-insensitively, newest first.
    func search(_ text: String, limit: Int?) async throws -> NoteListing
    /// IDs of live notes that start with `prefix`.
    func ids(withPrefix prefix: String) async throws -> [NoteID]
    /// Applies every write or none of them. Throws `NoteStoreError` on a conflict.
    func apply(_ writes: [NoteWrite]) async throws
}

extension NoteStore {
    public func create(_ note: Note) async throws {
        try await apply([.create(note)])
    }

    public func update(_ note: Note, expectedRevision: Int) async throws {
        try await apply([.update(note, expectedRevision: expectedRevision)])
    }
}
