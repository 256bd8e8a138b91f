import QuillModels

/// Keeps notes: the port every feature uses to read and write them.
///
/// The store is deliberately dumb: it persists what it is given and guards against lost
/// updates (`expectedRevision`), while the rules for *what* to write (timestamps,
/// revisions, tombstones) live in the features. Deleting is an update to a tombstone.
///
/// It also remembers which notes were written locally and not yet acknowledged by a sync
/// server, in the same all-or-nothing step as the write itself, so that no local edit can
/// be written without being marked pending (or the reverse), whatever crashes.
public protocol NoteStore: Sendable {
    /// The note with this ID, tombstones included; `nil` if there is none.
    func note(id: NoteID) async throws -> Note?
    /// Live notes (and tombstones if asked), newest first.
    func list(_ query: NoteQuery) async throws -> NoteListing
    /// The IDs of the notes `list` would return (limit aside), without their summaries: at
    /// most `limit` of them (at least one), in ID order, after `after` (from the start if `nil`).
    func catalog(_ query: NoteQuery, after: NoteID?, limit: Int) async throws -> NoteCatalog
    /// Live notes whose title or body contains `text`, case-insensitively, newest first.
    func search(_ text: String, limit: Int?) async throws -> NoteListing
    /// IDs of live notes that start with `prefix`.
    func ids(withPrefix prefix: String) async throws -> [NoteID]
    /// Applies every write or none of them. Throws `NoteStoreError` on a conflict.
    /// Writes of `.local` origin are marked pending; `.remote` ones (from a sync server) are not.
    func apply(_ writes: [NoteWrite], origin: WriteOrigin) async throws
    /// Adds a batch of new notes that need not fit in memory, all-or-nothing: `fill` adds them
    /// chunk by chunk through the `BulkCreation` it is given; they all become visible when
    /// `fill` returns, and none of them if it throws (or the process dies first). Other
    /// writers wait meanwhile. The bulk object must not be used after `fill` returns.
    func createInBulk<T: Sendable>(
        origin: WriteOrigin, _ fill: (any BulkCreation) async throws -> T
    ) async throws -> T
    /// IDs of notes written locally and not yet acknowledged, in the order first written.
    func pendingChanges() async throws -> [NoteID]
    /// Clears the pending mark of each note that is still at the given revision
    /// (a note edited again since it was pushed stays pending).
    func acknowledge(_ revisions: [NoteID: Int]) async throws
}

/// Where a write comes from, which decides whether it must later be pushed to a server.
public enum WriteOrigin: Hashable, Sendable {
    case local
    case remote
}

extension NoteStore {
    public func create(_ note: Note) async throws {
        try await apply([.create(note)], origin: .local)
    }

    public func update(_ note: Note, expectedRevision: Int) async throws {
        try await apply([.update(note, expectedRevision: expectedRevision)], origin: .local)
    }
}
