import QuillModels

/// One change in an all-or-nothing batch given to `NoteWriting.apply`.
public enum NoteWrite: Hashable, Sendable {
    /// Adds a note whose ID must not exist yet.
    case create(Note)
    /// Replaces a note, only if it is still at `expectedRevision` (optimistic concurrency).
    case update(Note, expectedRevision: Int)

    public var note: Note {
        switch self {
        case .create(let note), .update(let note, _): note
        }
    }
}
