import FileSystemInterface
import NoteStoreInterface
import NotesFeature
import QuillModels
import SearchIndexInterface

/// An error as the user sees it: a one-line cause, a hint, and the exit status.
///
/// Exists so that every failure, whatever module it comes from, is reported the same way
/// on stderr (`quill: <cause>` then `hint: <what to do>`).
public struct CLIFailure: Error, Equatable, Sendable {
    public let message: String
    public let hint: String?
    public let status: ExitStatus

    public init(_ message: String, hint: String? = nil, status: ExitStatus = .failure) {
        self.message = message
        self.hint = hint
        self.status = status
    }

    /// The user-facing form of any error a command can throw.
    public static func from(_ error: any Error) -> CLIFailure {
        switch error {
        case let failure as CLIFailure:
            return failure
        case let error as NoteServiceError:
            switch error {
            case .notFound: return CLIFailure(error.description, hint: "run 'quill list' to see note IDs", status: .notFound)
            case .ambiguous: return CLIFailure(error.description, hint: "type more characters of the ID")
            case .invalidReference: return CLIFailure(error.description, status: .usage)
            case .nothingToChange:
                return CLIFailure(error.description, hint: "pass --title, --body, --file, --tag or --untag", status: .usage)
            }
        case let error as NoteValidationError:
            return CLIFailure("invalid note: \(error)")
        case let error as NoteStoreError:
            switch error {
            case .notFound: return CLIFailure(error.description, status: .notFound)
            case .revisionConflict: return CLIFailure(error.description, hint: "run the command again")
            case .unavailable:
                return CLIFailure(error.description, hint: "check that QUILL_HOME points to a writable directory")
            default: return CLIFailure(error.description)
            }
        case let error as SearchQueryError:
            return CLIFailure(error.description, hint: "see 'quill search --help' for the search language", status: .usage)
        case let error as SearchIndexError:
            return CLIFailure(error.description, hint: "run 'quill search --rebuild-index' to rebuild it from the notes")
        case let error as FileSystemError:
            return CLIFailure(error.description, hint: "check that QUILL_HOME points to a writable directory")
        default:
            return CLIFailure(String(describing: error))
        }
    }
}
