import ByteStreamInterface
import CompressionInterface
import FileSystemInterface
import NoteStoreInterface
import QuillCLI
import SearchIndexInterface
import SyncInterface
import SyncUnimplementedDoubles
import SystemInterface
import TerminalInterface
import UnimplementedDoubles

/// The test composition root: an environment in which every dependency a test does not
/// pass is "unimplemented" and fails the test if the code under test touches it.
public enum QuillTestRoots {
    public static func test(
        store: any NoteStore = UnimplementedNoteStore(),
        clock: any WallClock = UnimplementedClock(),
        ids: any NoteIDGenerating = UnimplementedNoteIDs(),
        console: any Console,
        inputFiles: any FileAccessing = UnimplementedFileAccessor(),
        editor: any TextEditing = UnimplementedEditor(),
        workingDirectory: String = "/work",
        compression: any Compressing = UnimplementedCompression(),
        decompression: any Decompressing = UnimplementedCompression(),
        byteStreams: any ByteStreamOpening = UnimplementedByteStreams(),
        scratch: any ScratchStorage = UnimplementedScratchStorage(),
        sync: SyncEnvironment = unimplementedSync(),
        searchIndex: any SearchIndex = UnimplementedSearchIndex(),
        searchSource: any SearchIndexSource = UnimplementedSearchIndexSource()
    ) -> CLIEnvironment {
        CLIEnvironment(
            store: store, clock: clock, ids: ids, console: console, inputFiles: inputFiles, editor: editor,
            workingDirectory: workingDirectory, compression: compression, decompression: decompression,
            byteStreams: byteStreams, scratch: scratch, sync: sync, searchIndex: searchIndex, searchSource: searchSource)
    }

    /// Sync dependencies that each fail the test when touched.
    public static func unimplementedSync() -> SyncEnvironment {
        SyncEnvironment(
            credentials: UnimplementedSync.CredentialStore(), state: UnimplementedSync.StateStore(),
            baseRevisions: UnimplementedSync.BaseRevisions(), sleeper: UnimplementedSync.Sleeper(),
            random: UnimplementedSync.Random(), makeTransport: { _ in UnimplementedSync.Transport() })
    }
}
