import StandardInterfaces
import ByteStreamInterface
import CompressionInterface
import FileSystemInterface
import Foundation
import NoteStoreInterface
import QuillCLI
import SearchIndexInterface
import SettingsTesting
import StandardTesting
import SyncFeature
import UnimplementedDoubles

/// The test composition root: an environment in which every dependency a test does not
/// pass is "unimplemented" and fails the test if the code under test touches it. It builds
/// the same services as the other roots, over the dependencies the test passes.
public enum QuillTestRoots {
    public static func test(
        store: any NoteStore = UnimplementedNoteStore(),
        attachments: any AttachmentStoring = UnimplementedAttachmentStore(),
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
        searchSource: any SearchIndexSource = UnimplementedSearchIndexSource(),
        linkIndex: (any LinkIndex)? = nil,
        attachmentIndex: (any AttachmentIndex)? = nil,
        settings: SettingsEnvironment = noSettings(),
        assistantTools: any AssistantToolServing = UnimplementedAssistantTools(),
        background: any BackgroundExecutor = DefaultPriorityExecutor(),
        stopRequests: any StopRequesting = UnimplementedStopRequests()
    ) -> CLIEnvironment {
        CLIEnvironment.assembled(
            store: store, attachments: attachments, clock: clock, ids: ids, console: console, files: inputFiles, editor: editor,
            workingDirectory: workingDirectory, compression: compression, decompression: decompression, byteStreams: byteStreams,
            scratch: scratch, sync: sync, searchIndex: searchIndex, searchSource: searchSource,
            linkIndex: linkIndex ?? (searchIndex as? any LinkIndex) ?? UnimplementedLinkIndex(),
            attachmentIndex: attachmentIndex ?? (searchIndex as? any AttachmentIndex) ?? UnimplementedAttachmentIndex(),
            settings: settings, assistantTools: assistantTools, background: background, stopRequests: stopRequests)
    }

    /// No settings saved, no environment variables, UTC: every setting has its default. Unlike
    /// the other dependencies this one is not "unimplemented" by default, because every command
    /// that shows notes reads settings, and their defaults are what most tests expect.
    public static func noSettings() -> SettingsEnvironment {
        SettingsEnvironment(store: InMemorySettings(), variables: [:], timeZone: TimeZone(identifier: "UTC") ?? .current)
    }

    /// Sync dependencies that each fail the test when touched.
    public static func unimplementedSync() -> SyncEnvironment {
        SyncEnvironment(
            credentials: UnimplementedCredentialStore(), state: UnimplementedSyncStateStore(),
            baseRevisions: UnimplementedBaseRevisionStore(), sleeper: UnimplementedSleeper(),
            random: UnimplementedRandomSource(), makeTransport: { _ in UnimplementedSyncTransport() },
            makeShareTransport: { _ in UnimplementedShareTransport() }, makeDeviceLoginTransport: { _ in UnimplementedDeviceLoginTransport() },
            deviceName: "test device",
            watchers: UnimplementedWatcherRegistry(), localChanges: { try UnimplementedDirectoryWatching().changes(in: "") })
    }
}
