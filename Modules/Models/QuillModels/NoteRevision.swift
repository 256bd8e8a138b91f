/// A note as it was at one revision, and where that revision came from: one entry of a note's
/// history.
public struct NoteRevision: Hashable, Sendable {
    /// The note at that revision (its `revision` is the revision's number).
    public let note: Note
    public let origin: RevisionOrigin

    public init(note: Note, origin: RevisionOrigin) {
        self.note = note
        self.origin = origin
    }

    public var number: Int { note.revision }
}
