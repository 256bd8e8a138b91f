import ArchiveFeature
import ArgumentParser
import StandardInterfaces
import ByteStreamInterface
import CompressionInterface
import FileSystemInterface
import ImportFormatsFeature
import NoteStoreInterface
import NotesFeature
import QuillModels
import SearchIndexInterface
import SyncStateInterface
import SyncTransportInterface

/// The one place where any feature's error becomes what the user reads: a cause, a hint and
/// an exit status. Commands throw their features' errors as they are; the app (and the
/// command tests, like it) report them through `CLIFailure.from`.
extension CLIFailure {
    /// The user-facing form of any error a command can throw.
    public static func from(_ error: any Error) -> CLIFailure {
        switch error {
        case let failure as CLIFailure: failure
        case let kept as EditedTextKept:
            from(kept.refusal).adding(hint: "the edited text is kept in \(kept.keptAt): fix it, then copy it into 'quill edit'")
        // A value a command could judge only as it ran (`show --at yesterday`): a usage error, as
        // ArgumentParser makes the ones `validate()` finds (it was exit 1).
        case let error as ValidationError: CLIFailure(error.message, status: .usage)
        case let error as NoteServiceError: notes(error)
        case let error as AttachmentServiceError:
            switch error {
            case .unknown, .notReferenced: CLIFailure(error.description, status: .notFound)
            case .missing: CLIFailure(error.description, hint: "run 'quill sync' to fetch it")
            case .tooLarge: CLIFailure(error.description, hint: "--max-attachment-size takes larger files (e.g. --max-attachment-size 1G), as 'quill import' of an archive holding it will need")
            default: CLIFailure(error.description)
            }
        case let error as AttachmentStoreError:
            CLIFailure(error.description, hint: "check that QUILL_HOME points to a writable directory")
        case let error as NoteValidationError: CLIFailure("invalid note: \(error)")
        case let error as ForeignFormatError:
            CLIFailure("export refused: \(error)", hint: "nothing was imported; the store is unchanged")
        case let error as FolderWalk.NameNotUTF8:
            CLIFailure("import refused: \(error)", hint: "nothing was imported; the store is unchanged")
        case let error as ZipArchive.Failure:
            CLIFailure("export refused: \(error)", hint: "nothing was imported; the store is unchanged")
        case let error as NoteStoreError: store(error)
        case let error as ArchiveError: archive(error)
        case let error as SyncError: sync(error)
        case let error as ServerAddress.Invalid:
            CLIFailure(error.description, hint: "set \(error.source ?? "it") to the server's address, or unset it to use the one 'quill login' saved", status: .usage)
        case let error as SearchQueryError:
            CLIFailure(error.description, hint: "see 'quill search --help' for the search language", status: .usage)
        case let error as SearchIndexError:
            CLIFailure(error.description, hint: "run 'quill search --rebuild-index' to rebuild it from the notes")
        case let error as ByteStreamError: CLIFailure(error.description)
        case let error as CompressionError: CLIFailure("compression failed: \(error)")
        case let error as FileSystemError:
            // The data directory's: archive work reports its files as `ArchiveError.files`.
            switch error {
            case .noSpace: CLIFailure(error.description, hint: "free some space on that disk, then run the command again; nothing was half written")
            default: CLIFailure(error.description, hint: "check that QUILL_HOME points to a writable directory")
            }
        default: CLIFailure(String(describing: error))
        }
    }

    private static func notes(_ error: NoteServiceError) -> CLIFailure {
        switch error {
        case .notFound: CLIFailure(error.description, hint: "run 'quill list' to see note IDs", status: .notFound)
        case .ambiguous: CLIFailure(error.description, hint: "type more characters of the ID")
        case .invalidReference: CLIFailure(error.description, status: .usage)
        case .nothingToChange: CLIFailure(error.description, hint: "pass --title, --body, --file, --tag or --untag", status: .usage)
        case .noSuchRevision: CLIFailure(error.description, status: .notFound)
        case .notDeleted: CLIFailure(error.description, status: .usage)
        case .noSuchImport: CLIFailure(error.description, status: .notFound)
        }
    }

    private static func store(_ error: NoteStoreError) -> CLIFailure {
        switch error {
        case .notFound: CLIFailure(error.description, status: .notFound)
        case .revisionConflict: CLIFailure(error.description, hint: "run the command again")
        case .unavailable: CLIFailure(error.description, hint: "check that QUILL_HOME points to a writable directory")
        case .corrupt:
            CLIFailure(error.description, hint: "the other notes are unharmed; 'quill repair' sets a damaged note aside (its file is kept) "
                           + "and puts the server's copy in its place, or put this file back from a backup")
        default: CLIFailure(error.description)
        }
    }

    private static func archive(_ error: ArchiveError) -> CLIFailure {
        switch error {
        case .compression(.outputLimitExceeded, _), .compression(.ratioLimitExceeded, _):
            CLIFailure("archive refused: \(error)", hint: "if you trust this archive, raise the limit with --max-size or --max-ratio")
        case .noNotesInFolder:
            CLIFailure(error.description, hint: "nothing was imported; name the folder that holds the notes, or the export's file")
        case .folderNotEmpty:
            CLIFailure(error.description, hint: "choose a new or empty folder, or add --into-non-empty (no file is replaced)")
        case .unreadableStore:
            CLIFailure(error.description, hint: "'quill repair' sets notes that cannot be read aside (and takes the server's copies); then export again")
        case .entryTooLarge:
            CLIFailure("archive refused: \(error)",
                       hint: "nothing was imported; the store is unchanged; --max-attachment-size takes larger files (e.g. --max-attachment-size 1G)")
        case .files:
            CLIFailure(error.description)
        default:
            CLIFailure("archive refused: \(error)", hint: "nothing was imported; the store is unchanged")
        }
    }

    private static func sync(_ error: SyncError) -> CLIFailure {
        switch error {
        case .notLoggedIn:
            CLIFailure("not logged in to a sync server",
                       hint: "run 'quill login URL' (or set QUILL_SERVER and QUILL_TOKEN)")
        case .unauthorized:
            CLIFailure("the sync server refused the token", hint: "run 'quill login URL' again")
        case .unreachable, .timedOut:
            CLIFailure(error.description,
                       hint: "check the server address ('quill status') and your network; nothing was lost, run the command again later")
        case .serverStorageFull:
            CLIFailure("the sync server's disk is full; it kept nothing of what this sync sent",
                       hint: "nothing was lost: your changes stay here, pending; ask the server's administrator to free space on its disk, then sync again")
        case .rejected(let status, let code, _) where code == "http_\(status)":
            CLIFailure(error.description, hint: "the answer is not quill-server's: check that the address is where quill-server listens ('quill status' shows it)")
        case .incompatibleAPIVersion, .serverError, .rejected, .badResponse, .requestIDReused:
            CLIFailure(error.description)
        }
    }
}
