import QuillModels

/// Why a note operation could not be done, as the user would put it.
public enum NoteServiceError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(String)
    case ambiguous(String, candidates: [NoteID])
    case invalidReference(String)
    case nothingToChange
    /// The note has no revision with this number (or none at or before a time).
    case noSuchRevision(String, revision: String)
    /// `restore` without a revision of a note that is not deleted.
    case notDeleted(String)
    /// `import --undo` of an ID no import had.
    case noSuchImport(String)

    public var description: String {
        switch self {
        case .notFound(let reference): "no note matches '\(reference)'"
        case .ambiguous(let reference, let candidates):
            "'\(reference)' matches \(candidates.count) notes: " + candidates.map(\.rawValue).joined(separator: ", ")
        case .invalidReference(let reference): "'\(reference)' is not a note ID (IDs are hexadecimal, like 3f9a1c07)"
        case .nothingToChange: "nothing to change"
        case .noSuchRevision(let reference, let revision): "note '\(reference)' has no revision \(revision) (see: quill history \(reference))"
        case .noSuchImport(let importID): "no import has the ID '\(importID)' (every import prints its ID)"
        case .notDeleted(let reference): "note '\(reference)' is not deleted; to go back to an earlier version: quill restore \(reference) --revision N"
        }
    }
}
