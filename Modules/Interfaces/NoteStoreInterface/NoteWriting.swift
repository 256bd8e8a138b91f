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

/// Where a write comes from: whether it must later be pushed to a server (`isLocal`), and the
/// origin its revisions show in the note's history.
public struct WriteOrigin: Hashable, Sendable {
    public let isLocal: Bool
    public let revisionOrigin: RevisionOrigin

    /// Written by `quill` on this device.
    public static let local = WriteOrigin(isLocal: true, revisionOrigin: .edit)
    /// Received from a sync server.
    public static let remote = WriteOrigin(isLocal: false, revisionOrigin: .sync)
    /// Received from a sync server, but stored under a number after this device's own revisions
    /// of the note: pending, so that a push gives the server the same number.
    public static let remoteAhead = WriteOrigin(isLocal: true, revisionOrigin: .sync)

    /// A local restore of `revision`.
    public static func restore(_ revision: Int) -> WriteOrigin {
        WriteOrigin(isLocal: true, revisionOrigin: .restore(revision))
    }

    public init(isLocal: Bool, revisionOrigin: RevisionOrigin) {
        self.isLocal = isLocal
        self.revisionOrigin = revisionOrigin
    }
}

extension NoteWriting {
    public func create(_ note: Note) async throws {
        try await apply([.create(note)], origin: .local)
    }

    public func update(_ note: Note, expectedRevision: Int, origin: WriteOrigin = .local) async throws {
        try await apply([.update(note, expectedRevision: expectedRevision)], origin: origin)
    }
}
