import ArchiveFeature
import Foundation
@testable import ImportFormatsFeature
import NoteStoreTesting
import QuillModels
import StandardTesting
import Testing

/// A Joplin export (Tests/Fixtures/OtherApps/joplin), imported as `quill import` does.
@Suite struct JoplinImportTests {
    static let fixture = ForeignImport.fixtures.appending(path: "joplin/backup.jex").path

    @Test("notes with their notebooks, tags, dates, to-dos, resources and links; notebooks, tags and resources are no notes")
    func export() async throws {
        let attachments = InMemoryAttachmentStore(clock: ForeignImport.clock)
        let (report, notes) = try await ForeignImport.run(Self.fixture, attachments: attachments)
        #expect(report.foreignFormat == "a Joplin export (JEX or RAW)")
        #expect(report.addedCount == 5 && report.attachmentCount == 2 && report.resolvedLinkCount == 2 && report.unresolvedLinks.isEmpty)
        #expect(Set(notes.keys) == ["Meeting notes", "Todo list", "Clipped page", "Old idea", "日本語のメモ"])
        #expect(report.notices.contains { $0.entry == "5e6f7a8b9c0d41e2bf3a4b5c6d7e8f90.md" && $0.message.hasPrefix("encrypted in Joplin") })

        let meeting = try #require(notes["Meeting notes"])
        #expect(meeting.tags.map(\.rawValue) == ["project-x", "two-words", "work/projects"])
        #expect(meeting.created == (try Date("2023-03-14T09:26:53.589Z", strategy: .iso8601.year().month().day().time(includingFractionalSeconds: true))))
        #expect(meeting.body.hasPrefix("---\nnotebook: Work/Projects\nauthor: Ann\n---\n# Agenda\n"))
        #expect(meeting.body.contains("Next: [[Todo list#next-steps|Todo list]], and [a note not exported](:/0123456789abcdef0123456789abcdef)."))
        let references = AttachmentReference.scan(meeting.body)
        // The image Joplin resized (`<img src=":/id" width=…>`) is the same attachment, shown.
        #expect(references.map(\.name) == ["diagram.png", "Quarterly report.pdf", "diagram.png"] && references.map(\.isEmbedded) == [true, false, true])
        #expect(meeting.body.hasSuffix("\n\n![small diagram](attachments/\(references[0].hash)/diagram.png)"))
        #expect(Set(try attachments.all().map(\.hash)) == Set(references.map(\.hash)))
        #expect(report.notices.contains { $0.entry == "7e5e0c7202414cd38e2db12e2e92ac91.md" && $0.message.contains("is no note or file of the export") })

        let todo = try #require(notes["Todo list"])
        #expect(todo.body == "---\nnotebook: Work\ntodo: open\ndue: 2023-03-23T10:00:00.000Z\n---\n## Next steps\n\n- [ ] call Bob\n- [x] send report")
        #expect(try #require(notes["Clipped page"]).body.contains("Some **bold** text and [[Meeting notes|the meeting]]."))
        #expect(try #require(notes["Old idea"]).isDeleted)
        #expect(try #require(notes["日本語のメモ"]).body.hasSuffix("同期のテスト。\n\nمرحبا بالعالم"))

        let store = InMemoryNoteStore()
        _ = try await ForeignImport.run(Self.fixture, into: store)
        let (again, _) = try await ForeignImport.run(Self.fixture, into: store)
        #expect(again.addedCount == 0 && again.unchangedCount == 5)
    }

    @Test("an item's fields are read from its end, up to the first blank line; its text keeps its own blank lines")
    func items() throws {
        let note = try #require(JoplinReader.Item(Array("Title\n\nfirst\n\nid: x\nlast: not a field\n\nid: 0a\ntype_: 1".utf8)))
        #expect(note.id == "0a" && note.type == .note && note.title == "Title" && note.body == "first\n\nid: x\nlast: not a field")
        let empty = try #require(JoplinReader.Item(Array("Only a title\n\nid: 0b\nsource_url: https://x.org/a:b\ntype_: 1\n".utf8)))
        #expect(empty.title == "Only a title" && empty.body.isEmpty && empty["source_url"] == "https://x.org/a:b")
        let link = try #require(JoplinReader.Item(Array("id: 0c\nnote_id: 0a\ntag_id: 0d\ntype_: 6".utf8)))
        #expect(link.type == .noteTag && link.title.isEmpty && link["note_id"] == "0a")
        #expect(JoplinReader.Item(Array("# A note\n\nthat is Markdown".utf8)) == nil)
        #expect(JoplinReader.isItemName("7e5e0c7202414cd38e2db12e2e92ac91.md") && !JoplinReader.isItemName("Page 7e5e0c7202414cd38e2db12e2e92ac91.md"))
        #expect(JoplinReader.mayStart(with: "resources/", fileName: "a.jex") && !JoplinReader.mayStart(with: "resources/", fileName: "vault.tar"))
    }
}
