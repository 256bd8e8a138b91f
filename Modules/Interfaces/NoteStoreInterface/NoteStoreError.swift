import QuillModels

/// Why a store refused or failed an operation.
///
/// Every `NoteStore`, real or fake, throws these, which the contract tests check.
public enum NoteStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(NoteID)
    case alreadyExists(NoteID)
    case revisionConflict(NoteID, expected: Int, actual: Int)
    case duplicateInBatch(NoteID)
    /// A purge named a note that is not deleted.
    case notDeleted(NoteID)
    case corrupt(location: String, reason: String)
    case unavailable(String)

    public var description: String {
        switch self {
        case .notFound(let id): "no note with ID \(id)"
        case .alreadyExists(let id): "a note with ID \(id) already exists"
        case .revisionConflict(let id, let expected, let actual):
            "note \(id.short) changed meanwhile (expected revision \(expected), found \(actual))"
        case .duplicateInBatch(let id): "note \(id) appears twice in one batch"
        case .notDeleted(let id): "note \(id.short) is not deleted; only deleted notes can be removed for good"
        case .corrupt(let location, let reason): "\(location) is corrupt: \(reason)"
        case .unavailable(let reason): "the note store is unavailable: \(reason)"
        }
    }
}
