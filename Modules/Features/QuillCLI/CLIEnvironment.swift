import ByteStreamInterface
import CompressionInterface
import FileSystemInterface
import NotesFeature
import NoteStoreInterface
import SearchIndexInterface
import SystemInterface
import TerminalInterface

/// Everything the `quill` commands need from outside, as protocols.
///
/// A composition root builds one (production, preview or test) and hands it to the command
/// the user typed; the commands never know which one they got.
public struct CLIEnvironment: Sendable {
    public var store: any NoteStore
    public var clock: any WallClock
    public var ids: any NoteIDGenerating
    public var console: any Console
    /// The files and folders users name on the command line (`--file PATH`, `import DIR`,
    /// `export --format dir PATH`).
    public var inputFiles: any FileAccessing
    public var editor: any TextEditing
    /// The directory relative paths on the command line are relative to.
    public var workingDirectory: String
    /// Archives (`quill export`, `import`, `verify`): gzip, and the files or standard streams they go to.
    public var compression: any Compressing
    public var decompression: any Decompressing
    public var byteStreams: any ByteStreamOpening
    /// Where an archive's per-note bookkeeping waits, so that memory stays bounded.
    public var scratch: any ScratchStorage
    /// The sync server, its credentials and the local sync state.
    public var sync: SyncEnvironment
    /// The full-text index `quill search` reads, and what it catches up from (the store's journal).
    public var searchIndex: any SearchIndex
    public var searchSource: any SearchIndexSource

    public init(
        store: any NoteStore, clock: any WallClock, ids: any NoteIDGenerating, console: any Console,
        inputFiles: any FileAccessing, editor: any TextEditing, workingDirectory: String,
        compression: any Compressing, decompression: any Decompressing, byteStreams: any ByteStreamOpening,
        scratch: any ScratchStorage, sync: SyncEnvironment,
        searchIndex: any SearchIndex, searchSource: any SearchIndexSource
    ) {
        self.store = store
        self.clock = clock
        self.ids = ids
        self.console = console
        self.inputFiles = inputFiles
        self.editor = editor
        self.workingDirectory = workingDirectory
        self.compression = compression
        self.decompression = decompression
        self.byteStreams = byteStreams
        self.scratch = scratch
        self.sync = sync
        self.searchIndex = searchIndex
        self.searchSource = searchSource
    }

    var notes: NoteService { NoteService(store: store, clock: clock, ids: ids) }
    var noteSearch: NoteSearch { NoteSearch(index: searchIndex, source: searchSource) }
}
