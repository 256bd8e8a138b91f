import ArchiveFeature
import ByteStreamTesting
import Foundation
@testable import ImportFormatsFeature
import LocalFileSystem
import NoteStoreInterface
import NoteStoreTesting
import QuillModels
import StandardInterfaces
import StandardTesting
import Testing
import ZlibCompression

/// Bear's own backups (Tests/Fixtures/OtherApps/bear), imported as `quill import` does.
@Suite struct BearImportTests {
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/OtherApps/bear")
    static let clock = FixedClock(Date(timeIntervalSince1970: 1_800_000_000))

    func importing(_ fixture: String, into store: InMemoryNoteStore = InMemoryNoteStore(),
                   attachments: InMemoryAttachmentStore = InMemoryAttachmentStore(clock: clock)) async throws -> (ImportReport, [String: Note]) {
        try await ForeignImport.run(Self.fixtures.appending(path: fixture).path, into: store, attachments: attachments)
    }

    @Test("tags, images, archived and trashed notes, dates; an encrypted note is named and passed over")
    func backup() async throws {
        let attachments = InMemoryAttachmentStore(clock: Self.clock)
        let (report, notes) = try await importing("backup.bear2bk", attachments: attachments)
        #expect(report.foreignFormat == "a Bear backup (.bear2bk)" && report.addedCount == 5 && report.attachmentCount == 1)
        #expect(report.notices.contains { $0.entry.hasSuffix("Encrypted File.textbundle") && $0.message.contains("encrypted in Bear") })
        let tagged = try #require(notes["File with asset, content, and a tag"])
        #expect(tagged.tags.map(\.rawValue) == ["test-tag"])
        let reference = try #require(AttachmentReference.scan(tagged.body).first)
        let stored = try attachments.all().map(\.hash)
        #expect(reference.name == "acorn.jpeg" && reference.isEmbedded && stored == [reference.hash])
        #expect(tagged.created == (try Date("2023-10-11T05:43:33Z", strategy: .iso8601)))
        #expect(try #require(notes["Trashed file"]).isDeleted)
        #expect(notes["Has no file heading, only content in the body of the file"] != nil)
        #expect(notes["File with heading only, no content"] != nil)

        let store = InMemoryNoteStore()
        _ = try await importing("backup.bear2bk", into: store)
        let (again, _) = try await importing("backup.bear2bk", into: store)
        #expect(again.addedCount == 0 && again.unchangedCount == 5)
    }

    @Test("Bear's tag forms, in every script: #tag, #a/b, #two words#; not headings, code or URLs")
    func tags() async throws {
        let (_, notes) = try await importing("tags.bear2bk")
        #expect(try #require(notes["Tags in other scripts"]).tags.map(\.rawValue).sorted() == ["ελλάδα", "русский", "中文", "仕事", "标签/子标签", "일정"].sorted())
        #expect(try #require(notes["Tag forms Bear writes"]).tags.map(\.rawValue).sorted() == ["bad!tag", "two-words", "中文，标签", "项目-计划"].sorted())
        #expect(BearTags.scan("# Heading\n`#code` and https://x.org/#frag and a#b\n```\n#fenced\n```\n#real.") == ["real"])
    }
}
