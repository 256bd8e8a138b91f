@testable import ArchiveFeature
import ByteStreamTesting
import Crypto
import NoteStoreTesting
import QuillModels
import StandardTesting
import Testing

/// A Markdown file longer than a note holds: imported as its beginning, with the whole text as
/// an attachment the note links to, instead of refusing the whole import.
@Suite("Texts longer than a note")
struct LongNoteTextTests {
    static let limit = NoteLimits.maximumBodyBytes

    func hash(_ bytes: [UInt8]) -> AttachmentHash { AttachmentHash(digest: SHA256.hash(data: bytes))! }

    @Test("a text that fits is left as it is")
    func fits() {
        #expect(LongNoteText.fitted(String(repeating: "a", count: Self.limit), name: "a.md") == nil)
    }

    @Test("the note holds the beginning, cut at a line's end, and links the whole text")
    func beginningAndLink() throws {
        let text = "# Long\n" + (0..<50_000).map { "line \($0) of the long note\n" }.joined()
        let fitted = try #require(LongNoteText.fitted(text, name: "Long.md"))
        #expect(fitted.body.utf8.count <= Self.limit)
        #expect(fitted.bytes == Array(text.utf8) && fitted.hash == hash(Array(text.utf8)))
        let references = AttachmentReference.scan(fitted.body)
        #expect(references.map(\.hash) == [fitted.hash] && references.map(\.name) == ["Long.md"])
        let kept = try #require(fitted.body.range(of: "\n\n*This note's text is")).lowerBound
        #expect(text.hasPrefix(fitted.body[..<kept] + "\n") && fitted.body[..<kept].count > Self.limit * 9 / 10)
        #expect(fitted.notice.contains("'Long.md'"))
    }

    @Test("a code fence open at the cut is closed, so that the link is a reference")
    func openFence() throws {
        let text = "# Code\n~~~~swift\n" + String(repeating: "let x = 1 // 0123456789\n", count: 60_000)
        let fitted = try #require(LongNoteText.fitted(text, name: "Code"))
        #expect(fitted.body.utf8.count <= Self.limit)
        #expect(fitted.body.contains("\n~~~~\n"))
        #expect(AttachmentReference.scan(fitted.body).map(\.name) == ["Code.md"])
    }

    @Test("a text of one long line is cut where a character starts")
    func oneLongLine() throws {
        let text = String(repeating: "漢字かなカナ한글🙂", count: 40_000)
        let fitted = try #require(LongNoteText.fitted(text, name: "日本語.md"))
        #expect(fitted.body.utf8.count <= Self.limit)
        let kept = try #require(fitted.body.range(of: "\n\n*This note's text is")).lowerBound
        #expect(text.hasPrefix(fitted.body[..<kept]) && !fitted.body.contains("\u{FFFD}"))
        #expect(fitted.body[..<kept].utf8.count > Self.limit * 9 / 10)
    }

    @Test("a vault's long file is imported with the rest, and is kept whole as an attachment")
    func archiveImport() async throws {
        let long = Array(("# Long\n" + String(repeating: "ein langer Absatz, ελληνικά, 中文\n", count: 40_000)).utf8)
        let tar = RawTar.entry("vault/Short.md", RawTar.markdown("# Short\n")) + RawTar.entry("vault/sub/Long.md", long) + RawTar.end
        let store = InMemoryNoteStore(), attachments = InMemoryAttachmentStore(clock: FixedClock(Fixtures.epoch))
        let importer = ArchiveImporter(store: store, attachments: attachments, decompression: Fixtures.zlib, scratch: InMemoryScratchStorage(),
                                       ids: SequentialNoteIDs(), clock: FixedClock(Fixtures.epoch), background: DefaultPriorityExecutor())
        let report = try await importer.importArchive(from: InMemoryByteSource(try Fixtures.gzip(tar)))
        #expect(report.addedCount == 2 && report.attachmentCount == 1)
        #expect(report.notices.map(\.entry) == ["vault/sub/Long.md"])
        #expect(try attachments.all().map(\.hash) == [hash(long)])
        let note = try #require(try await Fixtures.snapshot(store).first { $0.title == "Long" })
        #expect(AttachmentReference.scan(note.body).map(\.hash) == [hash(long)])
    }
}
