/// One change a client pushed, as the server received it: the note as the client has it, and the
/// server revision the client's edit started from (`nil` for a note the client created). The client's
/// side is `SyncTransportInterface.OutgoingChange`.
public struct PushedChange: Hashable, Sendable {
    /// The largest base revision a client may name: far below `Int.max`, so that no number of
    /// later writes (each adds 1) can overflow a revision.
    public static let maximumBaseRevision = 999_999_999_999_999

    public let note: Note
    public let baseRevision: Int?

    public init(note: Note, baseRevision: Int?) {
        self.note = note
        self.baseRevision = baseRevision
    }
}

/// The rule every repository applies to one pushed change, given the server's current version.
///
/// The server's conflict rule, a pure decision on values: every repository (SQLite, PostgreSQL,
/// in memory) calls it inside its own transaction, so all decide alike and the contract suite
/// only has to check that they store what this decides. The client's side of a conflict is
/// `SyncFeature`'s `Reconciliation`.
///
/// A stored change takes the revision after its base, or the pushing client's own revision
/// number when that is higher: a note edited twice offline (the client's revisions 2 and 3 on
/// base 1) is stored as 3, so the client keeps the numbers its history already shows and never
/// holds two revisions under one number (docs/history.md, "Revision numbers").
public enum PushRule {
    public enum Decision: Equatable, Sendable {
        /// Store the client's note with this revision.
        case store(Note)
        /// Store nothing; report this server version.
        case conflict(Note)
    }

    public static func decide(_ change: PushedChange, current: Note?) throws(NoteValidationError) -> Decision {
        switch (change.baseRevision, current) {
        case (nil, nil):
            return .store(try stored(change, after: 0))
        case (let base?, let current?) where base == current.revision:
            return .store(try stored(change, after: base))
        case (let base?, nil):
            // The server never had (or has lost) a note the client synced before: keep the client's copy.
            return .store(try stored(change, after: base))
        case (_, let current?):
            return .conflict(current)
        }
    }

    /// The pushed note at the revision after `base`, or at the client's own number when that is
    /// higher and no larger than a base may be (so that later writes cannot overflow it either).
    /// A revision after `base` that would overflow is refused, not trapped on.
    private static func stored(_ change: PushedChange, after base: Int) throws(NoteValidationError) -> Note {
        let (next, overflow) = base.addingReportingOverflow(1)
        guard !overflow else { throw .invalidRevision(base) }
        let own = change.note.revision
        return try change.note.withRevision(own > next && own <= PushedChange.maximumBaseRevision ? own : next)
    }
}
