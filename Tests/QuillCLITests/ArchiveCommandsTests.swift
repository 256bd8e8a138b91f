import ArchiveFeature
import ByteStreamTesting
import CompressionTesting
import FileSystemTesting
import Foundation
import NoteStoreTesting
import QuillCLI
import QuillModels
import QuillTestComposition
import StandardTesting
import Testing

@Suite("quill export, import and verify")
struct ArchiveCommandsTests {
    let clock = FixedClock(Date(millisecondsSince1970: 1_767_603_600_000))
    /// The folders the command line names: `/work/backups` is one.
    let folders: InMemoryFileSystem = {
        let folders = InMemoryFileSystem()
        try? folders.createDirectory("/work/backups")
        return folders
    }()

    func environment(store: InMemoryNoteStore, console: RecordingConsole, files: InMemoryByteStreamFiles) -> CLIEnvironment {
        QuillTestRoots.test(store: store, clock: clock, ids: SequentialNoteIDs(namespace: 0xAB), console: console, inputFiles: folders,
                            compression: FakeCompression(), decompression: FakeCompression(), byteStreams: files, scratch: InMemoryScratchStorage())
    }

    @Test func exportThenImportIntoAnEmptyStoreGivesTheSameNotes() async throws {
        let files = InMemoryByteStreamFiles()
        let source = InMemoryNoteStore(notes: SampleNotes.all())
        let exportConsole = RecordingConsole()
        try await run(["export", "--output", "out.tar.gz", "--level", "3"], in: environment(store: source, console: exportConsole, files: files))
        #expect(exportConsole.output.hasPrefix("Exported \(SampleNotes.all().count) notes to out.tar.gz"))
        #expect(exportConsole.errors.isEmpty)

        let target = InMemoryNoteStore()
        let importConsole = RecordingConsole()
        try await run(["import", "/work/out.tar.gz"], in: environment(store: target, console: importConsole, files: files))
        #expect(importConsole.output.hasPrefix("Imported \(SampleNotes.all().count) notes: \(SampleNotes.all().count) new"))
        for note in SampleNotes.all() { #expect(await target.note(id: note.id) == note) }
    }

    /// One note is "1 note", in the export's line as in the import's (it said "1 notes").
    @Test func aSingleNoteIsCountedInTheSingular() async throws {
        let files = InMemoryByteStreamFiles()
        let console = RecordingConsole()
        try await run(["export", "--output", "one.tar.gz"], in: environment(store: InMemoryNoteStore(notes: [SampleNotes.all()[0]]), console: console,
                                                                         files: files))
        #expect(console.output.hasPrefix("Exported 1 note to one.tar.gz"))
        #expect(Counted.text(0, "note") == "0 notes" && Counted.text(1, "web session") == "1 web session")
        #expect(Counted.noun("tag", count: 2) == "tags")
    }

    /// Every import prints its ID; `--undo` deletes what it added (into the trash) and keeps a
    /// note changed since, naming it.
    @Test func anImportCanBeTakenBackKeepingWhatChangedSince() async throws {
        let files = InMemoryByteStreamFiles()
        try await run(["export", "--output", "out.tar.gz"], in: environment(store: InMemoryNoteStore(notes: SampleNotes.all()),
                                                                            console: RecordingConsole(), files: files))
        let target = InMemoryNoteStore()
        let console = RecordingConsole()
        let env = environment(store: target, console: console, files: files)
        try await run(["import", "/work/out.tar.gz"], in: env)
        let importID = try #require(console.output.firstMatch(of: /Import ID ([0-9a-f]+): 'quill import --undo \1' takes it back/)?.1)
        let changed = try #require(SampleNotes.all().first)
        try await target.update(try changed.revised(title: "Changed after the import", at: changed.updated), expectedRevision: changed.revision)
        console.clear()
        try await run(["import", "--undo", String(importID)], in: env)
        let count = SampleNotes.all().count
        #expect(console.output == """
            Undid import \(importID): \(count - 1) notes deleted (see 'quill trash'), 1 changed since the import kept:
              kept  \(changed.id.short)  Changed after the import

            """)
        let live = await target.list(.init()).notes
        #expect(live.map(\.id) == [changed.id])
        #expect(await target.list(.init(includeDeleted: true)).notes.count == count, "the rest is in the trash")
        let unknown = await #expect(throws: CLIFailure.self) { try await run(["import", "--undo", "nope"], in: env) }
        #expect(unknown?.status == .notFound)
        await #expect(throws: (any Error).self) { try await run(["import"], in: env) }
    }

    @Test func dashMeansStandardStreams() async throws {
        let files = InMemoryByteStreamFiles()
        try await run(["export", "-"], in: environment(store: InMemoryNoteStore(notes: SampleNotes.all()), console: RecordingConsole(), files: files))
        let piped = InMemoryByteStreamFiles(standardInput: files.standardOutputBytes)
        let target = InMemoryNoteStore()
        try await run(["import", "-", "--quiet"], in: environment(store: target, console: RecordingConsole(standardInput: Data()), files: piped))
        #expect(await target.list(.init()).notes.count == SampleNotes.all().count)
    }

    /// A folder gets the archive under its default name, as `cp FILE FOLDER` does: it was written
    /// whole, then refused ("cannot move the archive into place: Is a directory").
    @Test func exportIntoAFolderWritesTheDefaultNameThere() async throws {
        let files = InMemoryByteStreamFiles()
        let console = RecordingConsole()
        try await run(["export", "-o", "backups"], in: environment(store: InMemoryNoteStore(notes: SampleNotes.all()), console: console, files: files))
        #expect(files.file("/work/backups/quill-notes-2026-01-05.tar.gz") != nil)
        #expect(console.output.hasSuffix("to backups/quill-notes-2026-01-05.tar.gz (\(ByteCount.text(Int64(files.file("/work/backups/quill-notes-2026-01-05.tar.gz")?.count ?? 0))))\n"))
    }

    /// As `tar` and `gzip` refuse: an archive is not written to a terminal, nor read from one
    /// (where quill would wait for bytes no one types).
    @Test func dashIsRefusedWhereItIsATerminal() async throws {
        let files = InMemoryByteStreamFiles()
        let onTerminal = RecordingConsole(isStandardOutputTerminal: true)
        let export = await #expect(throws: CLIFailure.self) {
            try await run(["export", "-"], in: environment(store: InMemoryNoteStore(notes: SampleNotes.all()), console: onTerminal, files: files))
        }
        #expect(export?.status == .usage && export?.message == "standard output is a terminal: an archive is not text to show there")
        #expect(files.standardOutputBytes.isEmpty)
        for command in ["import", "verify"] {
            let typed = await #expect(throws: CLIFailure.self) {
                try await run([command, "-"], in: environment(store: InMemoryNoteStore(), console: RecordingConsole(), files: files))
            }
            #expect(typed?.status == .usage && typed?.hint == "pipe one in, e.g. 'quill \(command) - < notes.tar.gz', or name the file")
        }
    }

    @Test func dryRunAndVerifyWriteNothing() async throws {
        let files = InMemoryByteStreamFiles()
        try await run(["export", "-o", "a.tgz"], in: environment(store: InMemoryNoteStore(notes: SampleNotes.all()), console: RecordingConsole(), files: files))
        let target = InMemoryNoteStore()
        let console = RecordingConsole()
        try await run(["import", "a.tgz", "--dry-run"], in: environment(store: target, console: console, files: files))
        try await run(["verify", "a.tgz"], in: environment(store: target, console: console, files: files))
        #expect(console.output.contains("Would import"))
        // A Quill archive's notes keep their IDs, so the plan names them.
        for note in SampleNotes.all() { #expect(console.output.contains("  add   \(note.id.short)  \(note.title)  [")) }
        #expect(await target.list(.init()).notes.isEmpty)
    }

    @Test func aDryRunDoesNotPromiseTheIDOfACopy() async throws {
        let files = InMemoryByteStreamFiles()
        let notes = SampleNotes.all()
        try await run(["export", "-o", "a.tgz"], in: environment(store: InMemoryNoteStore(notes: notes), console: RecordingConsole(), files: files))
        let other = try Note(id: notes[0].id, title: "Another note", body: "not the archive's", tags: [], created: notes[0].created, updated: notes[0].updated.addingTimeInterval(60))
        let console = RecordingConsole()
        try await run(["import", "a.tgz", "--dry-run"], in: environment(store: InMemoryNoteStore(notes: [other]), console: console, files: files))
        #expect(console.output.contains("  copy  \(notes[0].id.short) differs from the archive's \"\(notes[0].title)\"; both kept, the archive's version would get a new ID  ["))
    }

    @Test func badArchiveIsAClearFailure() async throws {
        let files = InMemoryByteStreamFiles(files: ["/work/bad.tgz": Array("not an archive".utf8)])
        let target = InMemoryNoteStore(notes: SampleNotes.all())
        await #expect(throws: CLIFailure("archive refused: \(ArchiveError.unknownFormat)", hint: "nothing was imported; the store is unchanged")) {
            try await run(["import", "bad.tgz"], in: environment(store: target, console: RecordingConsole(), files: files))
        }
    }

    @Test func maxSizeMustBeASize() async throws {
        let files = InMemoryByteStreamFiles(files: ["/work/a.tgz": []])
        await #expect(throws: CLIFailure.self) {
            try await run(["import", "a.tgz", "--max-size", "lots"], in: environment(store: InMemoryNoteStore(), console: RecordingConsole(), files: files))
        }
    }

    @Test func progressIsDrawnOnlyOnATerminal() async throws {
        let files = InMemoryByteStreamFiles()
        let terminal = RecordingConsole(isStandardErrorTerminal: true)
        try await run(["export", "-o", "a.tgz"], in: environment(store: InMemoryNoteStore(notes: SampleNotes.all()), console: terminal, files: files))
        #expect(terminal.errors.contains("notes"))
        #expect(terminal.errors.contains("MB/s"))
        let quiet = RecordingConsole(isStandardErrorTerminal: true)
        try await run(["export", "-o", "b.tgz", "--quiet"], in: environment(store: InMemoryNoteStore(notes: SampleNotes.all()), console: quiet, files: files))
        #expect(quiet.errors.isEmpty && quiet.output.isEmpty)
    }

    @Test func shortFlagsMeanTheirLongOptions() async throws {
        let files = InMemoryByteStreamFiles()
        let exported = RecordingConsole(isStandardErrorTerminal: true)
        try await run(["export", "-o", "work.tgz", "-t", "work", "-q"],
                      in: environment(store: InMemoryNoteStore(notes: SampleNotes.all()), console: exported, files: files))
        #expect(exported.errors.isEmpty && exported.output.isEmpty)
        let target = InMemoryNoteStore()
        let imported = RecordingConsole(isStandardErrorTerminal: true)
        try await run(["import", "work.tgz", "-q"], in: environment(store: target, console: imported, files: files))
        #expect(imported.errors.isEmpty && imported.output.isEmpty)
        let workNotes = SampleNotes.all().filter { $0.tags.map(\.rawValue).contains("work") }
        #expect(!workNotes.isEmpty)
        #expect(await target.list(.init()).notes.count == workNotes.count)
    }
}
