import QuillModels

/// Why a note operation could not be done, as the user would put it.
public enum NoteServiceError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(String)
    case ambiguous(String, candidates: [NoteID])
    case invalidReference(String)
    case nothingToChange

    public var description: String {
        switch self {
        case .notFound(let reference): "no note matches '\(reference)'"
        case .ambiguous(let reference, let candidates):
            "'\(reference)' matches \(candidates.count) notes: " + candidates.map(\.rawValue).joined(separator: ", ")
        case .invalidReference(let reference): "'\(reference)' is not a note ID (IDs are hexadecimal, like 3f9a1c07)"
        case .nothingToChange: "nothing to change"
        }
    }
}
