import StandardTesting
import ByteStreamTesting
import CompressionTesting
import Crypto
import FileSystemTesting
import Foundation
import NoteStoreTesting
import QuillCLI
import QuillModels
import QuillTestComposition
import Testing

/// `quill import DIR` on folders other apps write (Tests/Fixtures/OtherApps), and
/// `quill export --format dir`, with an in-memory file system.
@Suite("quill import DIR and export --format dir")
struct OtherAppsCommandsTests {
    let clock = FixedClock(Date(millisecondsSince1970: 1_767_603_600_000))

    func environment(store: InMemoryNoteStore, console: RecordingConsole, files: InMemoryFileSystem,
                     attachments: InMemoryAttachmentStore? = nil, byteStreams: InMemoryByteStreamFiles = InMemoryByteStreamFiles()) -> CLIEnvironment {
        QuillTestRoots.test(store: store, attachments: attachments ?? InMemoryAttachmentStore(clock: clock), clock: clock,
                            ids: SequentialNoteIDs(namespace: 0xCD), console: console, inputFiles: files,
                            compression: FakeCompression(), decompression: FakeCompression(),
                            byteStreams: byteStreams, scratch: InMemoryScratchStorage())
    }

    /// Obsidian's own help vault, in part: its notes embed screenshots by name, which a folder
    /// import brings in as attachments and rewrites into Quill's references; an export carries
    /// them, as a folder (where the references resolve) and as an archive that imports back.
    @Test func aVaultsEmbeddedImagesBecomeAttachmentsAndTravelWithTheNotes() async throws {
        let files = try fixture("obsidian-help-attachments")
        let store = InMemoryNoteStore(), console = RecordingConsole(), attachments = InMemoryAttachmentStore(clock: clock)
        try await run(["import", "obsidian-help-attachments"], in: environment(store: store, console: console, files: files, attachments: attachments))
        let screenshot = try files.read("/work/obsidian-help-attachments/Attachments/status-bar-desktop.png")
        let hash = try #require(AttachmentHash(digest: SHA256.hash(data: screenshot)))
        #expect(Set(try attachments.all().map(\.hash)).contains(hash))
        #expect(try attachments.all().count == 2)
        var notes: [String: Note] = [:]
        for summary in await store.list(.init()).notes { notes[summary.title] = await store.note(id: summary.id) }
        let statusBar = try #require(notes["Status bar"])
        #expect(statusBar.body.contains("![status-bar-desktop.png](attachments/\(hash.hex)/status-bar-desktop.png)"))
        #expect(!statusBar.body.contains("![["))
        let roam = try #require(notes["Import from Roam Research"])
        #expect(AttachmentReference.scan(roam.body).map(\.name) == ["Roam-exporting.png"])
        #expect(roam.body.contains("![[Roam-Importer-importing.png]]"), "a missing file's embed is left as it was")
        #expect(console.output.contains("2 attachments"))
        #expect(console.output.contains("skip  Attachments/Insert alises.png"))
        #expect(console.output.contains("'Roam-Importer-importing.png' is embedded but no file of that name is in the folder"))

        try await run(["export", "--format", "dir", "/work/out"], in: environment(store: store, console: console, files: files, attachments: attachments))
        #expect(try files.read("/work/out/attachments/\(hash.hex)/status-bar-desktop.png") == screenshot)

        let streams = InMemoryByteStreamFiles()
        try await run(["export", "/work/notes.tar.gz"], in: environment(store: store, console: console, files: files, attachments: attachments, byteStreams: streams))
        let archive = try #require(streams.file("/work/notes.tar.gz"))
        let restored = InMemoryNoteStore(), restoredAttachments = InMemoryAttachmentStore(clock: clock)
        let importStreams = InMemoryByteStreamFiles(files: ["/work/notes.tar.gz": archive])
        let importConsole = RecordingConsole()
        try await run(["import", "/work/notes.tar.gz"], in: environment(store: restored, console: importConsole, files: files,
                                                                          attachments: restoredAttachments, byteStreams: importStreams))
        #expect(importConsole.output.contains("manifest verified"))
        #expect(importConsole.output.contains("2 attachments"))
        #expect(try restoredAttachments.all().map(\.hash) == attachments.all().map(\.hash))
        #expect(await restored.list(.init()).notes.count == 2)
    }

    /// The fixture folder `name`, copied to `/work/name` of a new in-memory file system.
    func fixture(_ name: String) throws -> InMemoryFileSystem {
        let root = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appending(path: "Fixtures/OtherApps/\(name)")
        let files = InMemoryFileSystem()
        for path in try FileManager.default.subpathsOfDirectory(atPath: root.path) {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: root.appending(path: path).path, isDirectory: &isDirectory)
            if isDirectory.boolValue {
                try files.createDirectory("/work/\(name)/\(path)")
            } else {
                try files.createDirectory("/work/\(name)/" + ((path as NSString).deletingLastPathComponent))
                try files.write(try Data(contentsOf: root.appending(path: path)), to: "/work/\(name)/\(path)")
            }
        }
        return files
    }

    func importFixture(_ name: String) async throws -> (output: String, notes: [String: Note]) {
        let store = InMemoryNoteStore()
        let console = RecordingConsole()
        try await run(["import", name], in: environment(store: store, console: console, files: try fixture(name)))
        let notes = await store.list(.init()).notes
        var byTitle: [String: Note] = [:]
        for summary in notes { byTitle[summary.title] = await store.note(id: summary.id) }
        return (console.output, byTitle)
    }

    private static func date(_ text: String) -> Date? { ISO8601DateFormatter().date(from: text) }

    @Test func anObsidianVaultPassesOverItsSettingsAndTrash() async throws {
        let (output, notes) = try await importFixture("obsidian-vault")
        #expect(output.hasPrefix("Imported 2 notes: 2 new"))
        #expect(!output.contains(".obsidian") && !output.contains(".trash"))
        #expect(Set(notes.keys) == ["Pancakes", "Milk"])
        #expect(notes["Pancakes"]?.tags.map(\.rawValue) == ["cooking", "recipe", "recipes"])
        #expect(notes["Pancakes"]?.created == Self.date("2023-01-05T14:22:00Z"))
        #expect(notes["Pancakes"]?.body.hasPrefix("---\naliases:\n- Crêpes\ncssclasses: wide\n---\n# Pancakes\n") == true)
        #expect(notes["Milk"]?.tags == [])
    }

    @Test func aJoplinExportKeepsTitlesTagsDatesAndOtherKeys() async throws {
        let (_, notes) = try await importFixture("joplin-export")
        let note = try #require(notes["Meeting notes"])
        #expect(note.tags.map(\.rawValue) == ["meetings", "work"])
        #expect(note.created == Self.date("2023-01-04T09:00:00Z"))
        #expect(note.updated == Self.date("2023-01-05T14:22:10Z"))
        #expect(note.body.hasPrefix("---\nlatitude: 52.52000000\nlongitude: 13.40500000\naltitude: 0.0000\n---\n"))
    }

    @Test func aHugoSiteReportsWhatItKeptInTheText() async throws {
        let (output, notes) = try await importFixture("hugo-site")
        #expect(notes["Hello World"]?.tags.map(\.rawValue) == ["content/posts", "go"])
        #expect(notes["Jekyll style"]?.created == Self.date("2023-03-10T09:00:00Z"))
        #expect(output.contains("  note  content/posts/hello-world.md: tag 'web dev' not valid in Quill; kept in the text\n"))
        #expect(output.contains("  note  content/posts/jekyll-style.markdown: 'modified' 'sometime last week' is not a date; kept in the text\n"))
    }

    @Test func aDryRunOfAFolderListsThePlanAndWritesNothing() async throws {
        let store = InMemoryNoteStore()
        let console = RecordingConsole()
        try await run(["import", "obsidian-vault", "--dry-run"], in: environment(store: store, console: console, files: try fixture("obsidian-vault")))
        #expect(console.output.contains("Would import 2 notes: 2 new"))
        // A folder's note has the ID of its file's identity, so the plan names it.
        #expect(console.output.contains("  add   5e3566f5  Pancakes  [Recipes/Pancakes.md]"))
        #expect(await store.list(.init()).notes.isEmpty)
    }

    @Test func verifyOfAFolderIsItsImportsDryRun() async throws {
        let store = InMemoryNoteStore()
        let console = RecordingConsole()
        try await run(["verify", "obsidian-vault"], in: environment(store: store, console: console, files: try fixture("obsidian-vault")))
        #expect(console.output.contains("Would import 2 notes: 2 new"))
        #expect(console.output.contains("  add   5e3566f5  Pancakes  [Recipes/Pancakes.md]"))
        #expect(await store.list(.init()).notes.isEmpty)
    }

    @Test func aFolderThatCannotBeATagIsReportedAndTheNoteKept() async throws {
        let files = InMemoryFileSystem()
        let folder = "/work/notes/" + String(repeating: "long", count: 20)
        try files.createDirectory(folder)
        try files.write(Data("text".utf8), to: folder + "/Deep.md")
        let store = InMemoryNoteStore()
        let console = RecordingConsole()
        try await run(["import", "notes"], in: environment(store: store, console: console, files: files))
        #expect(console.output.contains("the folder '\(String(repeating: "long", count: 20))' cannot be a tag; not tagged"))
        let notes = await store.list(.init()).notes
        #expect(notes.map(\.title) == ["Deep"] && notes.first?.tags == [])
    }

    @Test func exportToAFolderThenImportItGivesTheSameNotes() async throws {
        let files = InMemoryFileSystem()
        let source = InMemoryNoteStore(notes: SampleNotes.all())
        let console = RecordingConsole()
        try await run(["export", "--format", "dir", "vault"], in: environment(store: source, console: console, files: files))
        #expect(console.output == "Exported \(SampleNotes.all().count) notes to /work/vault/\n")
        let names = try files.contents(ofDirectory: "/work/vault")
        #expect(names.count == SampleNotes.all().count)
        #expect(names.allSatisfy { $0.hasSuffix(".md") && !$0.contains("/") })

        let target = InMemoryNoteStore()
        try await run(["import", "vault", "--quiet"], in: environment(store: target, console: RecordingConsole(), files: files))
        for note in SampleNotes.all() { #expect(await target.note(id: note.id) == note) }
    }

    @Test func exportRefusesANonEmptyFolderUnlessTold() async throws {
        let files = InMemoryFileSystem()
        try files.createDirectory("/work/vault")
        try files.write(Data("mine".utf8), to: "/work/vault/Keep.md")
        let store = InMemoryNoteStore(notes: SampleNotes.all())
        await #expect(throws: CLIFailure("the folder /work/vault is not empty",
                                         hint: "choose a new or empty folder, or add --into-non-empty (no file is replaced)")) {
            try await run(["export", "--format", "dir", "vault"], in: environment(store: store, console: RecordingConsole(), files: files))
        }
        #expect(try files.contents(ofDirectory: "/work/vault") == ["Keep.md"])
        try await run(["export", "--format", "dir", "vault", "--into-non-empty", "-q"],
                      in: environment(store: store, console: RecordingConsole(), files: files))
        #expect(try files.read("/work/vault/Keep.md") == Data("mine".utf8))
        #expect(try files.contents(ofDirectory: "/work/vault").count == SampleNotes.all().count + 1)
    }
}
