import ByteStreamInterface
import ByteStreamTesting
import CompressionInterface
import ServerFeature
import ServerStoreInterface
import StandardInterfaces
import StandardTesting
import UnimplementedDoubles
import ZlibCompression

/// The test composition root of `quill-server`, in its own module as the client's is: the
/// routes' dependencies over whatever store, hashing, clock and note IDs a test passes (fakes,
/// or a real database), with real gzip and in-memory scratch storage for `/v1/export`.
///
/// Exists so that server tests get their dependencies the way the app does, from a root,
/// instead of assembling `ServerDependencies` by hand.
public enum ServerTestRoots {
    /// `notes` may differ from the accounts' store (e.g. one that injects a race or a damaged note).
    /// `attachments`, unless a test passes one, fails the test when a route reaches it.
    public static func test(
        notes: any ServerNoteRepository, accounts: any AccountRepository, readiness: any ReadinessChecking,
        attachments: any ServerAttachmentRepository = UnimplementedServerAttachments(),
        links: any ServerLinkRepository = UnimplementedServerLinks(),
        shares: any ShareStore = UnimplementedShares(), sites: any PublishedSiteStore = UnimplementedSites(),
        sessions: any WebSessionStore = UnimplementedWebSessions(), devices: any DeviceAuthorizationStore = UnimplementedDeviceAuthorizations(),
        secrets: any TokenGenerating = SequentialTokenGenerator(startingAfter: 1000),
        hasher: any TokenHashing, clock: any WallClock, ids: any NoteIDGenerating, metrics: ServerMetrics = ServerMetrics(),
        compression: any Compressing = ZlibGzip(), decompression: any Decompressing = ZlibGzip(),
        background: any BackgroundExecutor = DefaultPriorityExecutor(), scratch: any ScratchStorage = InMemoryScratchStorage(),
        changeSignals: any ChangeSignaling & TokenRevocationSignaling = LocalChangeSignals()
    ) -> ServerDependencies {
        ServerDependencies(notes: notes, changeSignals: changeSignals, accounts: accounts, readiness: readiness, attachments: attachments,
                           links: links, shares: shares, sites: sites, sessions: sessions, devices: devices, secrets: secrets, hasher: hasher, clock: clock, ids: ids, metrics: metrics, compression: compression,
                           decompression: decompression, background: background, scratch: scratch)
    }

    /// One store that is all eight (`InMemoryServerStore`, SQLite, PostgreSQL); web sessions, which
    /// the in-memory store keeps apart, from `sessions` when given.
    public static func test(
        store: some ServerNoteRepository & AccountRepository & ReadinessChecking & ServerAttachmentRepository & ServerLinkRepository & ShareStore
            & PublishedSiteStore & DeviceAuthorizationStore,
        sessions: any WebSessionStore = UnimplementedWebSessions(),
        hasher: any TokenHashing, clock: any WallClock, ids: any NoteIDGenerating
    ) -> ServerDependencies {
        test(notes: store, accounts: store, readiness: store, attachments: store, links: store, shares: store, sites: store,
             sessions: sessions, devices: store, hasher: hasher, clock: clock, ids: ids)
    }
}
