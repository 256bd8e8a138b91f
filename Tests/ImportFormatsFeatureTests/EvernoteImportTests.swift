import ArchiveFeature
import ByteStreamTesting
import Crypto
import Foundation
import ImportFormatsFeature
import LocalFileSystem
import NoteStoreInterface
import NoteStoreTesting
import QuillModels
import ScratchDirectories
import StandardInterfaces
import StandardTesting
import Testing
import UnimplementedDoubles

/// Evernote exports made by Evernote (6 and 10), imported through the archive feature as
/// `quill import` does: what each note becomes, links, tasks, attachments, a second import, and
/// exports that must be refused with nothing imported.
@Suite(.scratchDirectory) struct EvernoteImportTests {
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appending(path: "Fixtures/OtherApps/evernote")
    static let clock = FixedClock(Date(timeIntervalSince1970: 1_800_000_000))

    struct Imported {
        let report: ImportReport
        let notes: [Note]
        let attachments: InMemoryAttachmentStore

        func note(_ title: String) throws -> Note { try #require(notes.first { $0.title == title }, "no note '\(title)'") }
    }

    static func importer(_ store: InMemoryNoteStore, _ attachments: InMemoryAttachmentStore) -> ArchiveImporter {
        ArchiveImporter(store: store, attachments: attachments, decompression: UnimplementedCompression(), scratch: InMemoryScratchStorage(),
                        ids: SequentialNoteIDs(namespace: 0xE7), clock: clock, background: DefaultPriorityExecutor())
    }

    static func bytes(_ fixture: String) throws -> [UInt8] { Array(try Data(contentsOf: fixtures.appending(path: fixture))) }

    func importing(_ bytes: [UInt8], name: String?, into store: InMemoryNoteStore = InMemoryNoteStore(),
                   attachments: InMemoryAttachmentStore = InMemoryAttachmentStore(clock: clock)) async throws -> Imported {
        let report = try await Self.importer(store, attachments).importArchive(from: InMemoryByteSource(bytes, maximumReadSize: 777), name: name)
        let notes = await store.list(.init(includeDeleted: true)).notes
        var full: [Note] = []
        for summary in notes { if let note = await store.note(id: summary.id) { full.append(note) } }
        return Imported(report: report, notes: full, attachments: attachments)
    }

    func importing(fixture: String) async throws -> Imported {
        try await importing(try Self.bytes(fixture), name: "/home/ann/Downloads/" + fixture)
    }

    @Test("links between notes become [[links]] that resolve; two notes Evernote cannot tell apart are both kept")
    func linkedNotes() async throws {
        let imported = try await importing(fixture: "linked_notes.enex")
        #expect(imported.report.foreignFormat == "an Evernote export (ENEX)")
        #expect(imported.report.addedCount == 7 && imported.notes.count == 7)
        #expect(imported.notes.filter { $0.title == "Ambiguous note" }.count == 2)
        let first = try imported.note("Note 1")
        #expect(first.body.contains("[[Note 2]]") && first.body.contains("[[Note 3]]"))
        #expect(try imported.note("Note 3").body.contains("[[Ambiguous note]]"))
        #expect(try imported.note("Note 4").body.contains("[Note 5](https://joplinapp.org)"))
        #expect(imported.report.resolvedLinkCount == 3 && imported.report.unresolvedLinks.isEmpty)
        #expect(first.created == EvernoteDates.date("2016-07-30T16:41:29Z") && first.updated == EvernoteDates.date("2023-12-24T15:14:43Z"))
        #expect(first.tags == [try Tag("linked_notes")])
        #expect(first.body.hasPrefix("---\nnotebook: linked_notes\n---\n"))
    }

    @Test("Evernote 10's tasks are checklists where their group was, in their order, done ones checked")
    func tasks() async throws {
        let body = try await importing(fixture: "tasks.enex").note("Here is a simple test").body
        #expect(body.contains("List 1\n\n- [ ] Bob\n- [x] Clara\n\nList 2\n\n- [ ] Jeff\n"), "\(body)")
        #expect(!body.contains("Content not supported"))
    }

    @Test("a web clip keeps its tags (spaces as -), author and source URL, and its image as an attachment at its place")
    func webClip() async throws {
        let imported = try await importing(fixture: "resource_filename_with_colons.enex")
        let note = try imported.note("ABOUT")
        #expect(note.tags.map(\.rawValue) == ["homelessness-in-slo", "recovery", "resource_filename_with_colons", "san-luis-obispo", "sunny-acres"])
        #expect(note.body.contains("author: Michael B. Goldstein\n") && note.body.contains("source: https://www.sunnyacres.community/about.html\n"))
        let stored = try imported.attachments.all()
        #expect(stored.count == 1 && imported.report.attachmentCount == 1)
        let reference = try #require(AttachmentReference.scan(note.body).first)
        #expect(reference.hash == stored[0].hash && reference.name == "08.06.2014 16:58:55" && reference.isEmbedded)
    }

    @Test("broken exports Evernote wrote still import, and what could not be kept is named")
    func brokenButReal() async throws {
        let nested = try await importing(fixture: "invalid_html.enex")
        #expect(try nested.note("DSCN0716.JPG").body.contains("DSCN0716.JPG"))
        #expect(nested.report.notices.contains { $0.message.contains("the export does not hold") })
        let table = try await importing(fixture: "ImportTestCorrupt.enex")
        let cells = try table.note("Note 2").body
        for text in ["test", "bl", "bla"] { #expect(cells.contains(text), "\(cells)") }
        let date = try await importing(fixture: "invalid_date.enex")
        #expect(date.report.notices.contains { $0.message.contains("'10101T000000Z' is not a date") })
        #expect(try date.note("Fruit Tree Assessment").body.contains("evernote-updated: 10101T000000Z"))
        let empty = try await importing(fixture: "empty_resource.enex")
        #expect(empty.report.addedCount == 1 && empty.report.attachmentCount == 0)
    }

    @Test("importing the same export again finds the notes it made: nothing added, nothing duplicated")
    func secondImport() async throws {
        let store = InMemoryNoteStore(), attachments = InMemoryAttachmentStore(clock: Self.clock)
        let bytes = try Self.bytes("images_with_and_without_size.enex") + []
        _ = try await importing(bytes, name: "clips.enex", into: store, attachments: attachments)
        let again = try await importing(bytes, name: "clips.enex", into: store, attachments: attachments)
        #expect(again.report.addedCount == 0 && again.report.unchangedCount == 1 && again.notes.count == 1)
    }

    /// `linked_notes.enex` with note `title`'s text and update time changed, as Evernote would
    /// export it after an edit there.
    static func edited(_ bytes: [UInt8], note title: String, text: String, updated: String) -> [UInt8] {
        var export = String(decoding: bytes, as: UTF8.self)
        let start = export.range(of: "<title>\(title)</title>")!.upperBound
        let end = export.range(of: "</note>", range: start..<export.endIndex)!.lowerBound
        var block = String(export[start..<end])
        block = block.replacing(/<updated>[0-9TZ]+<\/updated>/, with: "<updated>\(updated)</updated>")
        block = block.replacing(/<en-note>.*<\/en-note>/, with: "<en-note><div>\(text)</div></en-note>")
        export.replaceSubrange(start..<end, with: block)
        return Array(export.utf8)
    }

    @Test("a note changed in Evernote since an earlier import becomes its next revision; one changed here later, or deleted here, is not overwritten")
    func importAfterAnEditInEvernote() async throws {
        let store = InMemoryNoteStore(), attachments = InMemoryAttachmentStore(clock: Self.clock)
        let original = try Self.bytes("linked_notes.enex")
        let first = try await importing(original, name: "Linked.enex", into: store, attachments: attachments)
        #expect(first.report.addedCount == 7)
        // Here: note 3 edited after Evernote's next version of it; note 4 deleted.
        let three = try first.note("Note 3"), four = try first.note("Note 4")
        try await store.update(try three.revised(body: "edited in Quill", at: Date(timeIntervalSince1970: 1_790_000_000)), expectedRevision: 1)
        try await store.update(four.deleted(at: Date(timeIntervalSince1970: 1_790_000_000)), expectedRevision: 1)
        var changed = Self.edited(original, note: "Note 2", text: "Tested again", updated: "20250101T000000Z")
        changed = Self.edited(changed, note: "Note 3", text: "Evernote's edit", updated: "20250101T000000Z")
        changed = Self.edited(changed, note: "Note 4", text: "Evernote's edit", updated: "20250101T000000Z")
        let second = try await importing(changed, name: "Linked.enex", into: store, attachments: attachments)
        #expect(second.report.addedCount == 0 && second.report.updatedCount == 1 && second.report.copiedCount == 1
                && second.report.unchangedCount == 5, "\(second.report)")
        let two = try second.note("Note 2"), firstTwo = try first.note("Note 2")
        #expect(two.body.contains("Tested again") && two.revision == 2 && two.id == firstTwo.id)
        #expect(two.updated == Date(timeIntervalSince1970: 1_735_689_600), "the app's time of the edit")
        let history = await store.history(of: two.id)
        #expect(history.map(\.number) == [2, 1] && history[1].note.body.contains("Testing"), "the earlier revision is kept")
        #expect(second.notes.filter { $0.title == "Note 3" }.map(\.body).contains { $0.contains("edited in Quill") }, "not overwritten")
        #expect(second.notes.filter { $0.title == "Note 3" }.count == 2, "Evernote's version kept beside it")
        #expect(await store.note(id: four.id)?.isDeleted == true, "deleted here: left in the trash")
        #expect(second.report.notices.contains { $0.message.contains("left in the trash") })
        let third = try await importing(changed, name: "Linked.enex", into: store, attachments: attachments)
        #expect(third.report.addedCount == 0 && third.report.updatedCount == 0 && third.report.copiedCount == 0, "\(third.report)")
    }

    @Test("a folder of exports, one per notebook, a subfolder as its stack; links between notebooks resolve")
    func folderOfNotebooks() async throws {
        let folder = try Scratch.directory("enex")
        try FileManager.default.createDirectory(atPath: folder + "/Work", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.fixtures.appending(path: "linked_notes.enex").path, toPath: folder + "/Linked.enex")
        try FileManager.default.copyItem(atPath: Self.fixtures.appending(path: "tasks.enex").path, toPath: folder + "/Work/Tasks.enex")
        try Data(Self.export([Self.note("Across", content: #"<div><a href="evernote:///view/1/s1/a/b/">Note 2</a></div>"#)])).write(to: URL(filePath: folder + "/Work/Other.enex"))
        let store = InMemoryNoteStore()
        let report = try await Self.importer(store, InMemoryAttachmentStore(clock: Self.clock)).importFolder(at: folder, files: LocalFileAccessor())
        #expect(report.foreignFormat == "a folder of Evernote exports (ENEX)" && report.addedCount == 9)
        #expect(report.resolvedLinkCount == 4 && report.unresolvedLinks.isEmpty)
        let tasks = try #require(await store.list(.init()).notes.first { $0.title == "Here is a simple test" })
        #expect(tasks.tags.map(\.rawValue) == ["work/tasks"])
    }

    static func export(_ notes: [String], doctype: String = "") -> [UInt8] {
        Array(("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(doctype)<en-export application=\"Evernote\" version=\"10.0\">"
            + notes.joined() + "</en-export>").utf8)
    }

    static func note(_ title: String, content: String = "<div>text</div>", resources: String = "") -> String {
        "<note><title>\(title)</title><created>20240101T000000Z</created><content><![CDATA[<en-note>\(content)</en-note>]]></content>\(resources)</note>"
    }

    static func resource(_ data: String, name: String = "a.png") -> String {
        "<resource><data encoding=\"base64\">\(data)</data><mime>image/png</mime><resource-attributes><file-name>\(name)</file-name></resource-attributes></resource>"
    }

    @Test("a bad note late in an export, a hostile DTD or a too large attachment: a clear error, and nothing imported")
    func refusedWhole() async throws {
        let goodData = Data("picture".utf8).base64EncodedString()
        let cases: [([UInt8], ForeignFormatError)] = [
            (Self.export([Self.note("one"), Self.note("two", resources: Self.resource(goodData)), Self.note("three", resources: Self.resource("not*base64"))]),
             .invalidBase64(entry: "bad.enex#3 (three)", resource: "attachment 1")),
            (Self.export([Self.note("one")], doctype: "<!DOCTYPE en-export [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>"),
             .xml(entry: "bad.enex", .entityDeclaration)),
            (Self.export([Self.note("one"), Self.note("big", resources: Self.resource(Data(repeating: 7, count: 2000).base64EncodedString()))]),
             .attachmentTooLarge(entry: "bad.enex#2 (big)", name: "attachment 1", limit: 1000)),
            (Array(Self.export([Self.note("one"), Self.note("two")]).dropLast(40)), .xml(entry: "bad.enex#2 (two)", .truncated(openElement: "content"))),
        ]
        for (bytes, expected) in cases {
            let store = InMemoryNoteStore(), attachments = InMemoryAttachmentStore(clock: Self.clock)
            var limits = ArchiveLimits()
            limits.maximumAttachmentBytes = 1000
            await #expect(throws: expected) {
                _ = try await Self.importer(store, attachments).importArchive(from: InMemoryByteSource(bytes, maximumReadSize: 100), name: "bad.enex", limits: limits)
            }
            #expect(await store.list(.init(includeDeleted: true)).notes.isEmpty)
        }
    }

    @Test("checklists of Evernote 6 and 10, code blocks and encrypted text")
    func enmlConstructs() async throws {
        let content = """
            <div><en-todo checked="true"/>bought milk</div><div><en-todo checked="false"/>bread</div>\
            <ul style="--en-todo:true;"><li style="--en-checked:true;"><div>One</div></li><li style="--en-checked:false;"><div>Two</div></li></ul>\
            <div style="--en-codeblock:true;"><div>let x = 1</div><div>print(x)</div></div>\
            <en-crypt hint="pet">RU5DMI1mnQ7fKjBk9f0a</en-crypt>
            """
        let imported = try await importing(Self.export([Self.note("Lists", content: content)]), name: nil)
        let body = try imported.note("Lists").body
        #expect(body == """
            - [x] bought milk

            - [ ] bread

            - [x] One
            - [ ] Two

            ```
            let x = 1
            print(x)
            ```

            Encrypted in Evernote (hint: pet):

            ```
            RU5DMI1mnQ7fKjBk9f0a
            ```

            """, "\(body)")
    }
}

enum EvernoteDates {
    static func date(_ text: String) -> Date? { try? Date(text, strategy: .iso8601) }
}
