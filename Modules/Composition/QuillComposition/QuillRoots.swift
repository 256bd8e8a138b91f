import QuillAPI
import StandardTesting
import ByteStreamTesting
import FileAttachmentStore
import FileNoteStore
import FileSyncState
import Foundation
import GlibcAllocator
import HTTPSyncTransport
import JSONFileSettings
import LocalByteStream
import LocalFileSystem
import MCPAssistantTools
import NoteStoreTesting
import POSIXTerminal
import QuillCLI
import QuillModels
import SearchIndexTesting
import SettingsTesting
import SQLiteSearchIndex
import StandardAdapters
import SyncFeature
import SyncStateInterface
import SyncStateTesting
import SyncTransportTesting
import ZlibCompression

/// The composition roots of the `quill` app: the one place that names concrete adapters.
///
/// `production` wires the real file system, clock, random IDs and the settings file; `preview`
/// wires an in-memory store seeded with sample notes, a fixed clock and in-memory settings, so `quill --preview …`
/// shows realistic output and writes nothing. (The test root is `QuillTestComposition`,
/// kept apart so the app binary never links test doubles that import `Testing`.)
public enum QuillRoots {
    /// Process-wide settings of the real `quill`, made once before anything runs.
    public static func prepareProcess() {
        ProcessMemory.returnLargeBuffersToTheSystem()
    }

    public static func production(processEnvironment: [String: String], workingDirectory: String) throws -> CLIEnvironment {
        let files = LocalFileAccessor()
        let root = try XDGDataDirectory(environment: processEnvironment, workingDirectory: workingDirectory).dataDirectory()
        let store = FileNoteStore(root: root, files: files, locks: FlockLocking(), readerSyncDelay: FileNoteStore.kernelWritebackAge)
        let index = SQLiteSearchIndex(path: SearchIndexLocation.path(home: root, environment: processEnvironment), files: files)
        return CLIEnvironment.assembled(
            store: store, attachments: FileAttachmentStore(root: root + "/attachments"), clock: SystemClock(), ids: RandomNoteIDs(),
            console: StandardConsole(), files: files, editor: ExternalEditor(temporaryDirectory: temporaryDirectory(processEnvironment)),
            workingDirectory: workingDirectory, compression: ZlibGzip(), decompression: ZlibGzip(), byteStreams: LocalByteStreams(),
            scratch: TemporaryScratchStorage(directory: temporaryDirectory(processEnvironment)),
            sync: productionSync(processEnvironment: processEnvironment, dataDirectory: root),
            searchIndex: index, searchSource: store, linkIndex: index, attachmentIndex: index,
            settings: SettingsEnvironment(
                store: JSONSettingsFile(directory: XDGConfigDirectory(environment: processEnvironment), files: files, locks: FlockLocking()),
                variables: processEnvironment, timeZone: .current),
            assistantTools: MCPToolServer(input: STDIN_FILENO, output: STDOUT_FILENO),
            background: DispatchBackgroundExecutor(label: "quill.background"), stopRequests: SignalStopRequests())
    }

    /// Credentials in the config directory (with QUILL_SERVER / QUILL_TOKEN overriding them), the
    /// sync state next to the notes it describes, HTTP to the server.
    static func productionSync(processEnvironment: [String: String], dataDirectory: String) -> SyncEnvironment {
        let syncDirectory = dataDirectory + "/sync"
        let saved = try? FileCredentialStore(directory: XDGConfigDirectory(environment: processEnvironment).configDirectory())
        return SyncEnvironment(
            credentials: EnvironmentCredentials(saved: saved, environment: processEnvironment),
            state: FileSyncStateStore(directory: syncDirectory),
            baseRevisions: FileBaseRevisionStore(directory: syncDirectory),
            sleeper: TaskSleeper(), random: SystemRandomSource(),
            makeTransport: { HTTPSyncTransport(credentials: $0, timeout: 30) },
            makeShareTransport: { HTTPSyncTransport(credentials: $0, timeout: 30) },
            makeDeviceLoginTransport: { HTTPSyncTransport(credentials: $0, timeout: 10) },
            deviceName: "quill on " + ProcessInfo.processInfo.hostName,
            watchers: FileWatcherRegistry(directory: syncDirectory),
            localChanges: { try InotifyDirectoryWatching().changes(in: dataDirectory) })
    }

    public static func preview(processEnvironment: [String: String], workingDirectory: String) -> CLIEnvironment {
        let store = InMemoryNoteStore(notes: SampleNotes.all())
        let clock = FixedClock(SampleNotes.epoch.addingTimeInterval(40 * 86_400))
        let index = InMemorySearchIndex()
        return CLIEnvironment.assembled(
            store: store, attachments: InMemoryAttachmentStore(clock: clock), clock: clock, ids: SequentialNoteIDs(namespace: 0x9e),
            console: StandardConsole(), files: LocalFileAccessor(), editor: ExternalEditor(temporaryDirectory: temporaryDirectory(processEnvironment)),
            workingDirectory: workingDirectory, compression: ZlibGzip(), decompression: ZlibGzip(), byteStreams: LocalByteStreams(),
            scratch: InMemoryScratchStorage(), sync: previewSync(),
            searchIndex: index, searchSource: ListingSearchSource(store: store), linkIndex: index, attachmentIndex: index,
            settings: SettingsEnvironment(store: InMemorySettings(), variables: processEnvironment, timeZone: .current),
            assistantTools: MCPToolServer(input: STDIN_FILENO, output: STDOUT_FILENO),
            background: DispatchBackgroundExecutor(label: "quill.background"), stopRequests: SignalStopRequests())
    }

    /// An in-memory server holding one note from "another device", already logged in:
    /// `quill --preview sync` shows a real sync and touches nothing.
    static func previewSync() -> SyncEnvironment {
        let remote = NoteID("5e7e7e7e7e7e7e7e").flatMap { id in
            try? Note(id: id, title: "Written on another device", body: "Pulled by `quill --preview sync`.",
                      tags: [], created: SampleNotes.epoch, updated: SampleNotes.epoch)
        }
        let server = FakeSyncServer(notes: remote.map { [$0] } ?? [],
                                    approvingDeviceLoginsAs: DeviceTokenBody(token: "preview", scope: "full", account: "demo", expires: nil))
        let credentials = URL(string: "https://preview.invalid").map { Credentials(server: $0, token: "preview") }
        return SyncEnvironment(
            credentials: InMemoryCredentialStore(credentials), state: InMemorySyncStateStore(),
            baseRevisions: InMemoryBaseRevisionStore(), sleeper: TaskSleeper(), random: SeededRandomSource(seed: 1),
            makeTransport: { _ in server }, makeShareTransport: { _ in server }, makeDeviceLoginTransport: { _ in server },
            deviceName: "quill preview", watchers: InMemoryWatcherRegistry(), localChanges: { AsyncStream { _ in } })
    }

    private static func temporaryDirectory(_ environment: [String: String]) -> String {
        environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    }
}
