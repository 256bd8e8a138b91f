import ArchiveFeature
import ArgumentParser
import ByteStreamInterface
import CompressionInterface
import FileSystemInterface
import NoteStoreInterface
import NotesFeature
import QuillCLI
import QuillModels
import SyncStateInterface
import SyncTransportInterface
import Testing

/// `CLIFailure.from` is the one place any feature's error becomes the user's message: each
/// feature's errors get their cause, hint and exit status there.
@Suite("Failure messages")
struct FailureMessagesTests {
    let id = NoteID(high: 0, low: 0x3f9a)

    @Test func notesErrors() {
        #expect(CLIFailure.from(NoteServiceError.notFound("3f9a"))
            == CLIFailure("no note matches '3f9a'", hint: "run 'quill list' to see note IDs", status: .notFound))
        #expect(CLIFailure.from(NoteServiceError.nothingToChange)
            == CLIFailure("nothing to change", hint: "pass --title, --body, --file, --tag or --untag", status: .usage))
        #expect(CLIFailure.from(NoteServiceError.invalidReference("zz")).status == .usage)
        #expect(CLIFailure.from(NoteServiceError.ambiguous("3f", candidates: [id])).hint == "type more characters of the ID")
    }

    @Test func storeErrors() {
        #expect(CLIFailure.from(NoteStoreError.notFound(id)).status == .notFound)
        #expect(CLIFailure.from(NoteStoreError.revisionConflict(id, expected: 1, actual: 2)).hint == "run the command again")
        // A damaged note file: the command that sets it aside and brings the server's copy.
        #expect(CLIFailure.from(NoteStoreError.corrupt(location: "/home/notes/3f9a.json", reason: "malformed note JSON")).hint?
            .contains("'quill repair' sets a damaged note aside") == true)
        #expect(CLIFailure.from(NoteStoreError.unavailable("disk full"))
            == CLIFailure("the note store is unavailable: disk full", hint: "check that QUILL_HOME points to a writable directory"))
        #expect(CLIFailure.from(FileSystemError.permissionDenied(path: "/data")).hint == "check that QUILL_HOME points to a writable directory")
        // A full disk is not a wrong QUILL_HOME (found when a benchmark filled the disk mid-pull).
        #expect(CLIFailure.from(FileSystemError.noSpace(path: "/data/notes/a.json")).hint
            == "free some space on that disk, then run the command again; nothing was half written")
    }

    @Test func archiveErrors() {
        #expect(CLIFailure.from(ArchiveError.compression(.notGzip, entry: nil))
            == CLIFailure("archive refused: not a gzip file", hint: "nothing was imported; the store is unchanged"))
        #expect(CLIFailure.from(ArchiveError.compression(.ratioLimitExceeded(limit: 250), entry: nil)).hint
            == "if you trust this archive, raise the limit with --max-size or --max-ratio")
        #expect(CLIFailure.from(ArchiveError.folderNotEmpty(path: "/v")) == CLIFailure(
            "the folder /v is not empty", hint: "choose a new or empty folder, or add --into-non-empty (no file is replaced)"))
        #expect(CLIFailure.from(ArchiveError.unreadableStore(["a: b"])).hint?.hasPrefix("'quill repair' sets notes that cannot be read aside") == true)
        #expect(CLIFailure.from(ArchiveError.entryTooLarge(entry: "v/film.mov", bytes: 300 << 20, limit: 256 << 20)).hint?
            .contains("--max-attachment-size takes larger files") == true)
        // The files an archive names are the user's, not the data directory: no QUILL_HOME hint.
        let missing = FileSystemError.notFound(path: "/vault")
        #expect(CLIFailure.from(ArchiveError.files(missing)) == CLIFailure(missing.description))
        #expect(CLIFailure.from(CompressionError.truncated).message.hasPrefix("compression failed: "))
    }

    @Test func syncErrors() {
        #expect(CLIFailure.from(SyncError.notLoggedIn) == CLIFailure(
            "not logged in to a sync server",
            hint: "run 'quill login URL' (or set QUILL_SERVER and QUILL_TOKEN)"))
        #expect(CLIFailure.from(SyncError.unauthorized).hint == "run 'quill login URL' again")
        #expect(CLIFailure.from(SyncError.unreachable("refused")).hint?.contains("nothing was lost") == true)
        #expect(CLIFailure.from(SyncError.badResponse("x")) == CLIFailure(SyncError.badResponse("x").description))
        let full = CLIFailure.from(SyncError.serverStorageFull("the server's disk is full"))
        #expect(full.message.contains("server's disk is full") && full.hint?.contains("nothing was lost") == true)
        #expect(!SyncError.serverStorageFull("x").isRetryable)
        // A web server that is not quill-server at the address logged in to (its 404 page).
        #expect(CLIFailure.from(SyncError.rejected(status: 404, code: "http_404", message: "an HTML page")).hint?
            .hasPrefix("the answer is not quill-server's: check that the address is where quill-server listens") == true)
        #expect(CLIFailure.from(SyncError.rejected(status: 400, code: "bad_request", message: "title: empty")).hint == nil)
    }

    @Test func aValueFoundWrongAsTheCommandRanIsAUsageError() async throws {
        #expect(CLIFailure.from(ValidationError("--at takes a time")) == CLIFailure("--at takes a time", status: .usage))
    }

    @Test func anyOtherErrorIsItsDescriptionAndAFailureIsItself() {
        struct Odd: Error, CustomStringConvertible { var description: String { "odd" } }
        #expect(CLIFailure.from(Odd()) == CLIFailure("odd"))
        let failure = CLIFailure("x", hint: "y", status: .usage)
        #expect(CLIFailure.from(failure) == failure)
    }
}
