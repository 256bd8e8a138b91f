import ArchiveFeature
import StandardInterfaces
import ByteStreamInterface
import FileSystemInterface
import NotesFeature
import SyncFeature

/// Everything the `quill` commands need from outside: the features' services, and the
/// terminal, files and streams a command line reads and writes.
///
/// A composition root builds one (production, preview or test), services included, and
/// hands it to the command the user typed; the commands never know which one they got.
public struct CLIEnvironment: Sendable {
    /// Notes: add, show, edit, remove, list, search.
    public var notes: NoteService
    /// Attachments: attach, detach, list, write out, collect.
    public var attachments: AttachmentService
    /// Archives: export, import, verify.
    public var archive: ArchiveService
    /// Sync: login, logout, sync, status.
    public var sync: SyncService
    /// Share links, made by the server sync logs in to.
    public var shares: ShareService
    /// The time progress lines measure and default export names carry.
    public var clock: any WallClock
    public var console: any Console
    /// The folders users name on the command line (`import DIR`), and the files `attach` weighs.
    public var inputFiles: any FileAccessing
    public var editor: any TextEditing
    /// The directory relative paths on the command line are relative to.
    public var workingDirectory: String
    /// The files or standard streams commands read and write whole: archives (`export`, `import`,
    /// `verify`), attachments, a body's `--file PATH`.
    public var byteStreams: any ByteStreamOpening
    /// Where a dry run's or a verification's plan waits, so that memory stays bounded.
    public var scratch: any ScratchStorage
    /// Search: `quill search` over the full-text index, caught up from the notes first.
    public var search: NoteSearch
    /// Links between notes (`quill links`, `backlinks`, `show`), read from the same index.
    public var links: NoteLinks
    /// The saved settings (`quill config`) and what else decides a setting's value.
    public var settings: SettingsEnvironment
    /// Where `quill mcp` offers its tools: the Model Context Protocol on standard input and output.
    public var assistantTools: any AssistantToolServing
    /// When a command that runs until stopped (`quill sync --watch`) is asked to stop.
    public var stopRequests: any StopRequesting

    public init(
        notes: NoteService, attachments: AttachmentService, archive: ArchiveService, sync: SyncService, shares: ShareService, clock: any WallClock, console: any Console,
        inputFiles: any FileAccessing, editor: any TextEditing, workingDirectory: String,
        byteStreams: any ByteStreamOpening, scratch: any ScratchStorage, search: NoteSearch, links: NoteLinks,
        settings: SettingsEnvironment, assistantTools: any AssistantToolServing, stopRequests: any StopRequesting
    ) {
        self.notes = notes
        self.attachments = attachments
        self.archive = archive
        self.sync = sync
        self.shares = shares
        self.clock = clock
        self.console = console
        self.inputFiles = inputFiles
        self.editor = editor
        self.workingDirectory = workingDirectory
        self.byteStreams = byteStreams
        self.scratch = scratch
        self.search = search
        self.links = links
        self.settings = settings
        self.assistantTools = assistantTools
        self.stopRequests = stopRequests
    }
}
