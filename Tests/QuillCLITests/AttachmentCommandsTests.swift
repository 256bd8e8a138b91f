import StandardTesting
import ByteStreamTesting
import FileSystemTesting
import Foundation
import NoteStoreTesting
import NotesFeature
import QuillCLI
import QuillModels
import QuillTestComposition
import SearchIndexTesting
import SyncFeature
import SyncStateTesting
import SyncTransportTesting
import UnimplementedDoubles
import Testing

/// `attach`, `attachments`, `attachment get`, `detach`, `gc` and what `show` says of them
/// (docs/attachments.md).
@Suite("quill attachment commands")
struct AttachmentCommandsTests {
    let store = InMemoryNoteStore()
    let console = RecordingConsole()
    let clock = SteppingClock(start: Date(millisecondsSince1970: 1_767_603_600_000), step: 60)
    let ids = SequentialNoteIDs()
    let png: [UInt8] = [0x89, 0x50, 0x4e, 0x47] + Array(repeating: 7, count: 3000)
    let pdf = Array("%PDF-1.7 an invoice".utf8)
    let attachments: InMemoryAttachmentStore
    let streams: InMemoryByteStreamFiles

    /// What `show` reads links from.
    let index = InMemorySearchIndex()

    /// The folders the command line names: `/work/saved` is one.
    let folders = InMemoryFileSystem()

    init() {
        try? folders.createDirectory("/work/saved")
        attachments = InMemoryAttachmentStore(clock: clock)
        streams = InMemoryByteStreamFiles(files: ["/work/shots/board.png": png, "/work/Invoice 2026.pdf": pdf])
    }

    var environment: CLIEnvironment {
        QuillTestRoots.test(
            store: store, attachments: attachments, clock: clock, ids: ids, console: console, inputFiles: folders, byteStreams: streams,
            sync: SyncEnvironment(credentials: InMemoryCredentialStore(), state: InMemorySyncStateStore(),
                                  baseRevisions: InMemoryBaseRevisionStore(), sleeper: RecordingSleeper(),
                                  random: SeededRandomSource(seed: 7), makeTransport: { _ in UnimplementedSyncTransport() }, makeShareTransport: { _ in UnimplementedShareTransport() }, makeDeviceLoginTransport: { _ in UnimplementedDeviceLoginTransport() }, deviceName: "test device",
                                  watchers: UnimplementedWatcherRegistry(), localChanges: { try UnimplementedDirectoryWatching().changes(in: "") }),
            searchIndex: index, searchSource: ListingSearchSource(store: store))
    }

    static let id = "00000000000000000000000000000001"

    func noteWithAttachments() async throws {
        try await run(["add", "Meeting", "--body", "Notes of the meeting."], in: environment)
        try await run(["attach", Self.id, "shots/board.png", "Invoice 2026.pdf"], in: environment)
    }

    /// An endless FIFO (`quill attach ID <(yes)`) filled the disk: what is read past the largest
    /// attachment is refused, nothing is kept, and the note stays as it was.
    @Test func aFileOverTheLargestAttachmentIsRefusedAndNothingKept() async throws {
        try await run(["add", "Meeting", "--body", "Notes of the meeting."], in: environment)
        let refused = await #expect(throws: CLIFailure.self) {
            try await run(["attach", Self.id, "shots/board.png", "Invoice 2026.pdf", "--max-attachment-size", "1000"], in: environment)
        }
        #expect(refused?.message == "shots/board.png holds more than 1.0 kB, the largest attachment taken; nothing was attached")
        #expect(refused?.hint?.hasPrefix("--max-attachment-size takes larger files") == true)
        #expect(try attachments.all().isEmpty)
        #expect(await store.note(id: NoteID(Self.id)!)?.revision == 1)
        try await run(["attach", Self.id, "Invoice 2026.pdf", "--max-attachment-size", "1000"], in: environment)
        #expect(try attachments.all().count == 1)
        let usage = await #expect(throws: CLIFailure.self) {
            try await run(["attach", Self.id, "Invoice 2026.pdf", "--max-attachment-size", "lots"], in: environment)
        }
        #expect(usage?.status == .usage)
    }

    @Test func attachAppendsOneReferenceEachAsOneRevision() async throws {
        try await noteWithAttachments()
        let note = try #require(await store.note(id: NoteID(Self.id)!))
        let references = AttachmentReference.scan(note.body)
        #expect(references.map(\.name) == ["board.png", "Invoice 2026.pdf"])
        #expect(references.map(\.isEmbedded) == [true, false])
        #expect(note.body.hasPrefix("Notes of the meeting.\n\n![board.png](attachments/"))
        #expect(note.revision == 2)
        #expect(console.output.contains("[Invoice 2026.pdf](attachments/") && console.output.contains("Invoice%202026.pdf)"))
        #expect(try attachments.all().map(\.size).sorted() == [Int64(pdf.count), Int64(png.count)])
    }

    @Test func noAttachmentsSaySoOnStandardError() async throws {
        try await run(["attachments"], in: environment)
        #expect(console.output.isEmpty && console.errors == "no note has attachments\n")
        try await run(["add", "Plain"], in: environment)
        console.clear()
        try await run(["attachments", "00000000"], in: environment)
        #expect(console.output.isEmpty && console.errors == "the note has no attachments\n")
    }

    @Test func theSameBytesAreKeptOnce() async throws {
        try await noteWithAttachments()
        try await run(["add", "Other"], in: environment)
        try await run(["attach", "00000000000000000000000000000002", "shots/board.png"], in: environment)
        #expect(try attachments.all().count == 2)
        console.clear()
        try await run(["attachments", "--json"], in: environment)
        let listed = try #require(try JSONSerialization.jsonObject(with: Data(console.output.utf8)) as? [[String: Any]])
        #expect(listed.map { $0["names"] as? [String] } == [["board.png"], ["Invoice 2026.pdf"]])
        #expect(listed.map { ($0["notes"] as? [String])?.count } == [2, 1])
        #expect(listed.map { $0["type"] as? String } == ["image/png", "application/pdf"])
    }

    @Test func showNamesTheAttachmentsAndJSONListsThem() async throws {
        try await noteWithAttachments()
        console.clear()
        try await run(["show", Self.id], in: environment)
        #expect(console.output.contains("\nattachments:\n  board.png  3.0 kB  "))
        #expect(console.output.contains("  Invoice 2026.pdf  19 B  "))
        console.clear()
        try await run(["show", Self.id, "--json"], in: environment)
        let shown = try #require(try JSONSerialization.jsonObject(with: Data(console.output.utf8)) as? [String: Any])
        #expect((shown["attachments"] as? [[String: Any]])?.count == 2)
        #expect(shown["title"] as? String == "Meeting")
    }

    @Test func getWritesTheBytesByNameOrHashPrefix() async throws {
        try await noteWithAttachments()
        try await run(["attachment", "get", "board.png"], in: environment)
        #expect(streams.file("/work/board.png") == png)
        let hash = try #require(try attachments.all().first { $0.size == Int64(pdf.count) }).hash
        try await run(["attachment", "get", String(hash.hex.prefix(6)), "-o", "-"], in: environment)
        #expect(streams.standardOutputBytes == pdf)
        // A folder gets it under its name, as `cp` does (it was refused once written: "Is a directory").
        try await run(["attachment", "get", "Invoice 2026.pdf", "-o", "saved"], in: environment)
        #expect(streams.file("/work/saved/Invoice 2026.pdf") == pdf)
    }

    @Test func damagedBytesAreReportedAndNoFileIsLeft() async throws {
        try await noteWithAttachments()
        let hash = try #require(try attachments.all().first { $0.size == Int64(png.count) }).hash
        attachments.damage(hash, with: Array(repeating: 0, count: png.count))
        await #expect(throws: CLIFailure(AttachmentServiceError.damaged(hash.hex).description)) {
            try await run(["attachment", "get", "board.png", "-o", "copy.png"], in: environment)
        }
        #expect(streams.file("/work/copy.png") == nil)
    }

    @Test func detachRemovesTheReferenceAndItsLine() async throws {
        try await noteWithAttachments()
        try await run(["detach", Self.id, "board.png"], in: environment)
        let note = try #require(await store.note(id: NoteID(Self.id)!))
        #expect(AttachmentReference.scan(note.body).map(\.name) == ["Invoice 2026.pdf"])
        #expect(!note.body.contains("\n\n\n"))
        await #expect(throws: CLIFailure.self) { try await run(["detach", Self.id, "board.png"], in: environment) }
    }

    /// What is code follows Quill's reading of Markdown, which can change (a fence in a list item
    /// became code); collecting cannot be taken back, so a reference in code keeps its bytes.
    @Test func gcKeepsWhatANoteRefersToInCode() async throws {
        try await noteWithAttachments()
        let body = try #require(await store.note(id: NoteID(Self.id)!)).body
        try await run(["add", "Snippet", "--body", "```md\n" + body + "\n```\n"], in: environment)
        try await run(["rm", Self.id], in: environment)
        try await run(["trash", "empty", "--yes"], in: environment)
        clock.advance(by: 2 * 3600)
        try await run(["gc"], in: environment)
        #expect(try attachments.all().count == 2)
    }

    @Test func gcKeepsWhatAKeptRevisionOrTheTrashRefersToAndRecentBytes() async throws {
        try await noteWithAttachments()
        try await run(["detach", Self.id, "board.png"], in: environment)
        clock.advance(by: 2 * 3600)
        try await run(["gc"], in: environment)
        #expect(try attachments.all().count == 2, "revision 2 still refers to board.png")
        try await run(["rm", Self.id], in: environment)
        try await run(["gc"], in: environment)
        #expect(try attachments.all().count == 2, "a deleted note can be restored")
        try await run(["add", "Fresh"], in: environment)
        try await run(["attach", "00000000000000000000000000000002", "Invoice 2026.pdf"], in: environment)
        try await run(["trash", "empty", "--yes"], in: environment)
        console.clear()
        try await run(["gc", "--dry-run"], in: environment)
        #expect(console.output.hasSuffix("would remove 1 attachment (3.0 kB)\n"))
        try await run(["gc"], in: environment)
        #expect(try attachments.all().map(\.size) == [Int64(pdf.count)])
    }
}
