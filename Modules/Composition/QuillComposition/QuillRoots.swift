import FileNoteStore
import LocalByteStreams
import Foundation
import LocalFileSystem
import NoteStoreTesting
import QuillCLI
import SystemLive
import SystemTesting
import TerminalLive
import ZlibCompression

/// The composition roots of the `quill` app: the one place that names concrete adapters.
///
/// `production` wires the real file system, clock and random IDs; `preview` wires an
/// in-memory store seeded with sample notes and a fixed clock, so `quill --preview …`
/// shows realistic output and writes nothing. (The test root is `QuillTestComposition`,
/// kept apart so the app binary never links test doubles that import `Testing`.)
public enum QuillRoots {
    public static func production(processEnvironment: [String: String], workingDirectory: String) throws -> CLIEnvironment {
        let files = LocalFileAccessor()
        let root = try XDGDataDirectory(environment: processEnvironment, workingDirectory: workingDirectory).dataDirectory()
        return CLIEnvironment(
            store: FileNoteStore(root: root, files: files, locks: FlockLocking()),
            clock: SystemClock(), ids: RandomNoteIDs(), console: StandardConsole(), inputFiles: files,
            editor: ExternalEditor(environment: processEnvironment, temporaryDirectory: temporaryDirectory(processEnvironment)),
            workingDirectory: workingDirectory,
            compression: ZlibGzip(), decompression: ZlibGzip(), byteStreams: LocalByteStreams())
    }

    public static func preview(processEnvironment: [String: String], workingDirectory: String) -> CLIEnvironment {
        CLIEnvironment(
            store: InMemoryNoteStore(notes: SampleNotes.all()),
            clock: FixedClock(SampleNotes.epoch.addingTimeInterval(40 * 86_400)),
            ids: SequentialNoteIDs(namespace: 0x9e), console: StandardConsole(), inputFiles: LocalFileAccessor(),
            editor: ExternalEditor(environment: processEnvironment, temporaryDirectory: temporaryDirectory(processEnvironment)),
            workingDirectory: workingDirectory,
            compression: ZlibGzip(), decompression: ZlibGzip(), byteStreams: LocalByteStreams())
    }

    private static func temporaryDirectory(_ environment: [String: String]) -> String {
        environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }
}
