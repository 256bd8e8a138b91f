/// A note as it was at one revision, and where that revision came from: one entry of a note's
/// history.
public struct NoteRevision: Hashable, Sendable {
    /// The note at that revision (its `revision` is the revision's number).
    public let note: Note
    public let origin: RevisionOrigin
    /// For a revision that merged two edits (`ThreeWayMerge`), the revision both started from.
    public let mergeAncestor: Int?

    public init(note: Note, origin: RevisionOrigin, mergeAncestor: Int? = nil) {
        self.note = note
        self.origin = origin
        self.mergeAncestor = mergeAncestor
    }

    public var number: Int { note.revision }

    /// How a listing names where it came from: the origin's label, and for a merge, the revision
    /// both edits started from ("sync, merged from 4").
    public var label: String {
        mergeAncestor.map { "\(origin.label), merged from \($0)" } ?? origin.label
    }
}
