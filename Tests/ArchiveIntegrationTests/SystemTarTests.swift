import ArchiveFeature
import ByteStreamInterface
import ChildProcesses
import Foundation
import LocalByteStream
import NoteStoreInterface
import NoteStoreTesting
import QuillModels
import StandardTesting
import Testing
import ZlibCompression

@Suite("Archives and the system's tar and gzip")
struct SystemTarTests {
    /// Real scratch files, as `quill` uses them.
    static let scratch = TemporaryScratchStorage(directory: NSTemporaryDirectory())

    static func notes() throws -> [Note] {
        let epoch = Date(timeIntervalSince1970: 1_767_603_600.5)
        let titles = ["Plain", "Ünïcödé café ☕️", String(repeating: "a long title ", count: 12), "slash/and\\back"]
        return try (0..<40).map { index in
            try Note(id: NoteID(high: 7, low: UInt64(index + 1)), title: titles[index % titles.count],
                     body: String(repeating: "line \(index) of the note body\n", count: index * 10),
                     tags: [Tag("t\(index % 3)")], created: epoch, updated: epoch.addingTimeInterval(Double(index)))
        }
    }

    func export(to path: String, mode: ExportOptions.Mode) async throws -> [Note] {
        let notes = try Self.notes()
        let sink = try LocalByteStreams().createForWriting(path)
        _ = try await ArchiveExporter(store: InMemoryNoteStore(notes: notes), history: nil, attachments: nil, compression: ZlibGzip(), scratch: Self.scratch)
            .export(to: sink, options: ExportOptions(mode: mode))
        return notes
    }

    @Test("gzip -t, tar -tzf and tar -xzf accept what Quill writes", arguments: [
        ExportOptions.Mode.singleStream, .parallel(blockBytes: 16 * 1024, maximumInFlight: 2),
    ])
    func systemToolsAccept(_ mode: ExportOptions.Mode) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let archive = directory.path("notes.tar.gz")
        let notes = try await export(to: archive, mode: mode)

        let gzip = try await ChildProcess.run("/usr/bin/gzip", ["-t", archive], directory: directory.url.path)
        #expect(gzip.status == 0, "\(gzip.errors)")

        let list = try await ChildProcess.run("/usr/bin/tar", ["-tzf", archive], directory: directory.url.path)
        #expect(list.status == 0, "\(list.errors)")
        #expect(list.errors.isEmpty)
        let names = list.output.split(separator: "\n").map(String.init)
        #expect(names.contains("quill-notes/manifest.json"))
        #expect(names.filter { $0.hasSuffix(".md") }.count == notes.count)
        #expect(names.contains { $0.contains("Ünïcödé café ☕️") })

        let extract = try await ChildProcess.run("/usr/bin/tar", ["-xzf", archive], directory: directory.url.path)
        #expect(extract.status == 0, "\(extract.errors)")
        let note = notes[1]
        let extracted = try Data(contentsOf: directory.url.appendingPathComponent("quill-notes/notes/Ünïcödé café ☕️-\(note.id).md"))
        let text = String(decoding: extracted, as: UTF8.self)
        #expect(text.hasPrefix("---\nid: \(note.id)\n"))
        #expect(text.hasSuffix(note.body))
    }

    @Test("a Quill archive read back through real files imports exactly")
    func fileRoundTrip() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let archive = directory.path("notes.tar.gz")
        let notes = try await export(to: archive, mode: .defaultParallel)
        let store = InMemoryNoteStore()
        let report = try await ArchiveImporter(store: store, attachments: nil, decompression: ZlibGzip(), scratch: Self.scratch, ids: SequentialNoteIDs(), clock: FixedClock(Date()), background: DefaultPriorityExecutor())
            .importArchive(from: try LocalByteStreams().openForReading(archive))
        #expect(report.addedCount == notes.count && report.manifestVerified)
        for note in notes { #expect(await store.note(id: note.id) == note) }
    }

    @Test("a .tar.gz that GNU tar made from a folder of Markdown files imports")
    func gnuTarFolder() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = directory.url.appendingPathComponent("My notes/deeper")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("# Trip plan\n\n- pack\n".utf8).write(to: folder.appendingPathComponent("trip.md"))
        try Data("no heading here\n".utf8).write(to: folder.appendingPathComponent("Räksmörgås recipe.md"))
        let longName = String(repeating: "x", count: 150) + ".md"
        try Data("long\n".utf8).write(to: folder.appendingPathComponent(longName))
        try Data([0x89, 0x50]).write(to: folder.appendingPathComponent("image.png"))
        let tar = try await ChildProcess.run("/usr/bin/tar", ["-czf", "folder.tar.gz", "My notes"], directory: directory.url.path)
        #expect(tar.status == 0, "\(tar.errors)")

        let store = InMemoryNoteStore()
        let report = try await ArchiveImporter(store: store, attachments: nil, decompression: ZlibGzip(), scratch: Self.scratch, ids: SequentialNoteIDs(), clock: FixedClock(Date()), background: DefaultPriorityExecutor())
            .importArchive(from: try LocalByteStreams().openForReading(directory.path("folder.tar.gz")))
        #expect(report.addedCount == 3)
        #expect(report.skippedEntries == ["My notes/deeper/image.png"])
        let titles = Set(await store.list(NoteQuery()).notes.map(\.title))
        #expect(titles == ["Trip plan", "Räksmörgås recipe", String(repeating: "x", count: 150)])
    }

    @Test("a failed export leaves no file at the requested path")
    func atomicOutput() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("out.tar.gz")
        let sink = try LocalByteStreams().createForWriting(path)
        let exporter = ArchiveExporter(store: FailingNoteStore(wrapping: InMemoryNoteStore(notes: try Self.notes()),
                                                               failing: [.read: .unavailable("gone")]),
                                       history: nil, attachments: nil, compression: ZlibGzip(), scratch: Self.scratch)
        await #expect(throws: NoteStoreError.unavailable("gone")) { try await exporter.export(to: sink) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
    }
}
