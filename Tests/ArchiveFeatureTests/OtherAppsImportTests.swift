import ArchiveFeature
import ByteStreamTesting
import Foundation
import NoteStoreTesting
import QuillModels
import Testing

/// Archives of folders exported by other apps, imported whole: titles, tags and dates come
/// from their front matter, what Quill has no field for stays in the text, and a file with no
/// dates takes its modification time.
@Suite("Importing other apps' exports")
struct OtherAppsImportTests {
    private static let modified = 1_690_000_000

    /// The fixture folder `name` (Tests/Fixtures/OtherApps) packed as GNU tar would, every
    /// entry dated `modified`.
    private func importFolder(_ name: String) async throws -> (ImportReport, [String: Note]) {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appending(path: "Fixtures/OtherApps/\(name)")
        let paths = try FileManager.default.subpathsOfDirectory(atPath: root.path).sorted()
        var tar: [UInt8] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root.appending(path: path).path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            tar += RawTar.entry("\(name)/\(path)", [UInt8](try Data(contentsOf: root.appending(path: path))), modified: Self.modified)
        }
        tar += RawTar.end
        let store = InMemoryNoteStore()
        let report = try await Fixtures.importer(store).importArchive(from: InMemoryByteSource(try Fixtures.gzip(tar)))
        let notes = try await Fixtures.snapshot(store)
        return (report, Dictionary(notes.map { ($0.title, $0) }, uniquingKeysWith: { first, _ in first }))
    }

    private static func date(_ text: String) -> Date? { ISO8601DateFormatter().date(from: text) }
    private static let fileDate = Date(timeIntervalSince1970: TimeInterval(modified))

    @Test("an Obsidian vault: block-list tags with '#', created date, Obsidian's keys kept; settings skipped (a tar of it holds .trash too)")
    func obsidian() async throws {
        let (report, notes) = try await importFolder("obsidian-vault")
        #expect(report.addedCount == 3)
        #expect(report.skippedEntries == ["obsidian-vault/.obsidian/app.json"])
        let pancakes = try #require(notes["Pancakes"])
        // Its subfolder (Recipes/) is a tag, as when the folder itself is imported.
        #expect(pancakes.tags.map(\.rawValue) == ["cooking", "recipe", "recipes"])
        #expect(pancakes.created == Self.date("2023-01-05T14:22:00Z"))
        #expect(pancakes.updated == Self.fileDate)
        #expect(pancakes.body == "---\naliases:\n- Crêpes\ncssclasses: wide\n---\n# Pancakes\n\nFlour, eggs, [[Milk]].\n")
        let milk = try #require(notes["Milk"])
        #expect(milk.body == "Whole milk, #dairy\n" && milk.tags.isEmpty)
        #expect(milk.created == Self.fileDate && milk.updated == Self.fileDate)
    }

    @Test("a Joplin 'Markdown + Front Matter' export: title, Joplin dates, tags; location keys kept")
    func joplin() async throws {
        let (report, notes) = try await importFolder("joplin-export")
        #expect(report.notices.isEmpty)
        let note = try #require(notes["Meeting notes"])
        #expect(note.tags.map(\.rawValue) == ["meetings", "work"])
        #expect(note.created == Self.date("2023-01-04T09:00:00Z"))
        #expect(note.updated == Self.date("2023-01-05T14:22:10Z"))
        #expect(note.body == "---\nlatitude: 52.52000000\nlongitude: 13.40500000\naltitude: 0.0000\n---\n\n# Meeting notes\n\nAgenda.\n")
    }

    @Test("a Hugo content folder: date and lastmod, a refused tag kept in the text and reported")
    func hugo() async throws {
        let (report, notes) = try await importFolder("hugo-site")
        let hello = try #require(notes["Hello World"])
        #expect(hello.tags.map(\.rawValue) == ["content/posts", "go"])
        #expect(hello.created == Self.date("2023-01-05T13:22:10Z"))
        #expect(hello.updated == Self.date("2023-02-01T08:00:00Z")?.addingTimeInterval(0.25))
        // The file name becomes an alias, as for every file whose title is not its name.
        #expect(hello.body == "---\naliases: [\"hello-world\"]\ndraft: false\ntags:\n- web dev\ncategories:\n- \"blog\"\n---\nHello from Hugo.\n")
        let jekyll = try #require(notes["Jekyll style"])
        #expect(jekyll.tags.map(\.rawValue) == ["content/posts", "jekyll", "ruby"])
        #expect(jekyll.created == Self.date("2023-03-10T09:00:00Z"))
        #expect(jekyll.updated == Self.fileDate)
        #expect(jekyll.body.hasPrefix("---\naliases: [\"jekyll-style\"]\nlayout: post\nmodified: sometime last week\n---\n"))
        #expect(report.notices == [
            ImportReport.Notice(entry: "hugo-site/content/posts/hello-world.md", message: "tag 'web dev' not valid in Quill; kept in the text"),
            ImportReport.Notice(entry: "hugo-site/content/posts/jekyll-style.markdown", message: "'modified' 'sometime last week' is not a date; kept in the text"),
        ])
    }
}
