/// One change a client pushed, as the server received it: the note as the client has it, the
/// server revision the client's edit started from (`nil` for a note the client created), and
/// whether the client takes a merged answer (`mayMerge`: it says so in the push; a client that
/// does not would keep its own text under the merged revision's number). The client's side is
/// `SyncTransportInterface.OutgoingChange`.
public struct PushedChange: Hashable, Sendable {
    /// The largest base revision a client may name: far below `Int.max`, so that no number of
    /// later writes (each adds 1) can overflow a revision.
    public static let maximumBaseRevision = 999_999_999_999_999

    public let note: Note
    public let baseRevision: Int?
    public let mayMerge: Bool
    /// `note`'s canonical JSON (`NoteDocument.jsonBytes()`), written once: the push's digest
    /// covers it, and a store that keeps each note's JSON stores it when it stores `note` as sent.
    public let document: [UInt8]

    public init(note: Note, baseRevision: Int?, mayMerge: Bool) {
        self.note = note
        self.baseRevision = baseRevision
        self.mayMerge = mayMerge
        document = NoteDocument(note).jsonBytes()
    }

    /// The JSON a store keeps for `stored`, the note it stores for this change: the bytes sent
    /// when `stored` is the note sent (no second encoding), else `stored`'s own.
    public func document(of stored: Note) -> [UInt8] {
        stored == note ? document : NoteDocument(stored).jsonBytes()
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
///
/// A change based on an older revision than the current one is merged with it by `ThreeWayMerge`
/// when the client takes merged answers and the history still holds the base revision (the
/// common ancestor); the merged note is stored after the current revision. Otherwise it is a
/// conflict, as it always was.
public enum PushRule {
    public enum Decision: Equatable, Sendable {
        /// Store the client's note with this revision.
        case store(Note)
        /// Store this note, which holds the client's edit and the current version's, with this revision.
        case merged(Note)
        /// Store nothing; report this server version.
        case conflict(Note)
    }

    /// The decision for `change` over `current`; `ancestor` gives the note as it was at a revision
    /// of its history (`nil` if the history no longer holds it) and is asked only for a merge.
    public static func decide(_ change: PushedChange, current: Note?, ancestor: (Int) throws -> Note?) throws -> Decision {
        switch (change.baseRevision, current) {
        case (nil, nil):
            return .store(try stored(change.note, after: 0))
        case (let base?, let current?) where base == current.revision:
            return .store(try stored(change.note, after: base))
        case (let base?, nil):
            // The server never had (or has lost) a note the client synced before: keep the client's copy.
            return .store(try stored(change.note, after: base))
        case (let base?, let current?) where change.mayMerge && base < current.revision:
            guard let ancestor = try ancestor(base), ancestor.revision == base,
                  let merged = ThreeWayMerge.merge(ancestor: ancestor, ours: change.note, theirs: current) else {
                return .conflict(current)
            }
            return .merged(try stored(merged.withRevision(change.note.revision), after: current.revision))
        case (_, let current?):
            return .conflict(current)
        }
    }

    /// The note at the revision after `base`, or at its own number when that is higher and no
    /// larger than a base may be (so that later writes cannot overflow it either). A revision
    /// after `base` that would overflow is refused, not trapped on.
    private static func stored(_ note: Note, after base: Int) throws(NoteValidationError) -> Note {
        let (next, overflow) = base.addingReportingOverflow(1)
        guard !overflow else { throw .invalidRevision(base) }
        let own = note.revision
        return try note.withRevision(own > next && own <= PushedChange.maximumBaseRevision ? own : next)
    }
}
