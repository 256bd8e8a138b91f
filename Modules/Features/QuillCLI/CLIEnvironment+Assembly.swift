import ArchiveFeature
import ByteStreamInterface
import CompressionInterface
import FileSystemInterface
import NotesFeature
import NoteStoreInterface
import SearchIndexInterface
import StandardInterfaces
import SyncFeature

extension CLIEnvironment {
    /// The services over the adapters a composition root chose: every root (production,
    /// preview, test) builds them here, so that they differ only in what they pass. The console
    /// is wrapped in `TerminalSafeConsole`: whatever a root passes, a note's text never commands
    /// the terminal.
    public static func assembled(
        store: any NoteStore, attachments: any AttachmentStoring, clock: any WallClock, ids: any NoteIDGenerating,
        console: any Console, files: any FileAccessing, editor: any TextEditing, workingDirectory: String,
        compression: any Compressing, decompression: any Decompressing, byteStreams: any ByteStreamOpening,
        scratch: any ScratchStorage, sync: SyncEnvironment, searchIndex: any SearchIndex, searchSource: any SearchIndexSource,
        linkIndex: any LinkIndex, attachmentIndex: any AttachmentIndex, settings: SettingsEnvironment,
        assistantTools: any AssistantToolServing, background: any BackgroundExecutor, stopRequests: any StopRequesting
    ) -> CLIEnvironment {
        let notes = NoteService(store: store, clock: clock, ids: ids)
        let search = NoteSearch(index: searchIndex, source: searchSource, background: background)
        return CLIEnvironment(
            notes: notes,
            attachments: AttachmentService(notes: notes, attachments: attachments, search: search, index: attachmentIndex),
            archive: ArchiveService(store: store, attachments: attachments, compression: compression, decompression: decompression,
                                    scratch: scratch, ids: ids, clock: clock, files: files, background: background),
            sync: SyncService(store: store, attachments: attachments, clock: clock, environment: sync), shares: ShareService(environment: sync),
            clock: clock, console: TerminalSafeConsole(base: console), inputFiles: files, editor: editor, workingDirectory: workingDirectory,
            byteStreams: byteStreams, scratch: scratch, search: search, links: NoteLinks(search: search, index: linkIndex),
            settings: settings, assistantTools: assistantTools, stopRequests: stopRequests)
    }
}
