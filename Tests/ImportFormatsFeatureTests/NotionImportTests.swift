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

/// Notion's own exports (Tests/Fixtures/OtherApps/notion), zipped twice as Notion delivers them.
@Suite struct NotionImportTests {
    static let fixtures = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appending(path: "Fixtures/OtherApps/notion")

    func importing(_ fixture: String, into store: InMemoryNoteStore = InMemoryNoteStore()) async throws -> (ImportReport, [String: Note]) {
        try await ForeignImport.run(Self.fixtures.appending(path: fixture).path, into: store)
    }

    @Test("pages titled without their IDs, links between them resolved, a sub-page's parent, a database's rows with their columns")
    func markdownAndCSV() async throws {
        let (report, notes) = try await importing("markdown-and-csv.zip")
        #expect(report.foreignFormat == "a Notion export (Markdown & CSV)")
        #expect(notes.keys.allSatisfy { $0.wholeMatch(of: /.* [0-9a-f]{32}/) == nil })
        let mobile = try #require(notes["Getting Started on Mobile"])
        #expect(mobile.body.contains("[[Example sub page]]") && !mobile.body.contains("%20"))
        #expect(mobile.body.contains("- [ ]  Tap anywhere and start typing"))
        let sub = try #require(notes["Example sub page"])
        #expect(sub.body.hasPrefix("---\nparent: '[[Getting Started on Mobile]]'\npath: Getting Started on Mobile / Example sub page\n---\n"))
        let row = try #require(notes["@December 1, 2024"])
        #expect(row.body.hasPrefix("---\nFull date: \"December 4, 2024 8:45 AM\"\nRan today: \"No\"\nMeditated: \"No\"\nPracticed guitar: \"No\"\n---\n# @December 1, 2024\n"),
                "\(row.body)")
        let database = try #require(notes["Habit Tracker"])
        #expect(database.body.contains("- [[@December 1, 2024]]\n") && database.body.contains("columns: Date, Ran today, Meditated, Practiced guitar"))
        #expect(report.resolvedLinkCount > 250 && report.unresolvedLinks.allSatisfy { $0.message.contains("'Untitled'") })

        let store = InMemoryNoteStore()
        let (first, _) = try await importing("markdown-and-csv.zip", into: store)
        let (again, _) = try await importing("markdown-and-csv.zip", into: store)
        #expect(again.addedCount == 0 && again.unchangedCount == first.addedCount)
    }

    @Test("a zip on a stream (standard input, an upload) is read from memory: the same notes as from its file")
    func zipFromAStream() async throws {
        let path = Self.fixtures.appending(path: "markdown-and-csv.zip").path
        let (_, fromFile) = try await ForeignImport.run(path)
        let store = InMemoryNoteStore()
        let importer = ArchiveImporter(store: store, attachments: InMemoryAttachmentStore(clock: ForeignImport.clock), decompression: ZlibGzip(),
                                       scratch: InMemoryScratchStorage(), ids: SequentialNoteIDs(namespace: 0xF0), clock: ForeignImport.clock,
                                       background: DefaultPriorityExecutor())
        let report = try await importer.importArchive(from: InMemoryByteSource(Array(try Data(contentsOf: URL(filePath: path)))))
        #expect(report.foreignFormat == "a Notion export (Markdown & CSV)")
        let fromStream = try await ForeignImport.notesByTitle(store)
        #expect(fromStream.mapValues(\.body) == fromFile.mapValues(\.body) && fromStream.count == fromFile.count)
    }

    @Test("Notion's HTML export is refused, saying what to export instead; nothing is imported")
    func htmlRefused() async throws {
        let store = InMemoryNoteStore()
        await #expect(throws: ForeignFormatError.self) { _ = try await importing("html.zip", into: store) }
        #expect(await store.list(.init(includeDeleted: true)).notes.isEmpty)
    }

    @Test("CSV as Notion writes it: a byte order mark, quoted fields with commas, quotes and line breaks")
    func csv() {
        #expect(CSVTable.rows("\u{FEFF}Name,Notes\r\n\"a, b\",\"say \"\"hi\"\"\nthere\"\r\nc,\n") == [["Name", "Notes"], ["a, b", "say \"hi\"\nthere"], ["c", ""]])
    }
}
