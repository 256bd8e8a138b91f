import QuillModels

/// Writes notes, all-or-nothing per batch, guarding against lost updates (`expectedRevision`).
///
/// Exists so that a client that changes notes (the notes service, sync) says so in its type.
/// A write of `.local` origin is marked pending in the same step (see `PendingChangeTracking`).
public protocol NoteWriting: Sendable {
    /// Applies every write or none of them. Throws `NoteStoreError` on a conflict.
    /// Writes of `.local` origin are marked pending; `.remote` ones (from a sync server) are not.
    func apply(_ writes: [NoteWrite], origin: WriteOrigin) async throws
}

/// Where a write comes from, which decides whether it must later be pushed to a server.
public enum WriteOrigin: Hashable, Sendable {
    case local
    case remote
}

extension NoteWriting {
    public func create(_ note: Note) async throws {
        try await apply([.create(note)], origin: .local)
    }

    public func update(_ note: Note, expectedRevision: Int) async throws {
        try await apply([.update(note, expectedRevision: expectedRevision)], origin: .local)
    }
}
