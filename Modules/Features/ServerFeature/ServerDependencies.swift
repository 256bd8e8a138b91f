import ByteStreamInterface
import CompressionInterface
import ServerStoreInterface
import StandardInterfaces

/// Everything the HTTP API needs from outside, as protocols; a composition root fills it in.
public struct ServerDependencies: Sendable {
    /// The store's notes, announcing each write to `changeSignals` (`AnnouncingNoteRepository`).
    public let notes: any ServerNoteRepository
    /// Wakes the event streams of an account whose notes changed (`GET /v1/events`).
    public let changeSignals: any ChangeSignaling
    /// Tells every server process of a revoked token, so that each forgets it at once.
    public let revocations: any TokenRevocationSignaling
    public var accounts: any AccountRepository
    public var readiness: any ReadinessChecking
    /// Each account's attachments (`AttachmentRoutes`).
    public var attachments: any ServerAttachmentRepository
    /// The links between each account's notes (`LinkRoutes`, the web reader).
    public var links: any ServerLinkRepository
    /// Each account's share links (`ShareRoutes`, the shared pages).
    public var shares: any ShareStore
    /// The published sites (`SiteRoutes`, the sites' pages).
    public var sites: any PublishedSiteStore
    /// The web reader's sessions (signed in there, listed by `GET /v1/devices`).
    public var sessions: any WebSessionStore
    /// Devices waiting to sign in (`/v1/device/…`).
    public var devices: any DeviceAuthorizationStore
    /// The addresses whose `X-Forwarded-For` and `X-Forwarded-Proto` are believed (a proxy in
    /// front of the server): where a request came from (`RequestOrigin`).
    public var trustedProxies: Set<String>
    /// Unguessable secrets: share tokens, web sessions and their form tokens, device codes.
    public var secrets: any TokenGenerating
    /// The largest attachment and the per-account quota.
    public var attachmentLimits: AttachmentLimits
    public var hasher: any TokenHashing
    public var clock: any WallClock
    /// IDs for notes created without one (`POST /v1/notes` with only a title, say).
    public var ids: any NoteIDGenerating
    public var metrics: ServerMetrics
    /// gzip, for `GET /v1/export`.
    public var compression: any Compressing
    /// gzip read back, and zips inflated, for `POST /v1/imports`.
    public var decompression: any Decompressing
    /// Where an import reads and plans while the notes it made so far are checked.
    public var background: any BackgroundExecutor
    /// How often an idle event stream sends a keep-alive and checks its token.
    public var eventHeartbeat: Duration
    public static let defaultEventHeartbeat: Duration = .seconds(15)
    /// Wrong tokens, sign-ins and device codes one client address may send a minute before it is
    /// answered 429 for a while (`GuessLimiter`); 0: no limit.
    public var wrongTokenLimit: Int
    public static let defaultWrongTokenLimit = 20
    /// The tokens this process found lately: the API's authentication reads it, a revocation
    /// announced by any process empties its entry at once. State of the feature, not a dependency.
    let tokenCache: TokenLookupCache
    /// The event streams open per account (`AccountEvents`), the API's and the web reader's together.
    let eventStreams = EventStreamCounts()
    /// Where an export's manifest lines wait until the notes are written.
    public var scratch: any ScratchStorage

    public init(notes: any ServerNoteRepository, changeSignals: any ChangeSignaling & TokenRevocationSignaling, accounts: any AccountRepository,
                readiness: any ReadinessChecking, attachments: any ServerAttachmentRepository, links: any ServerLinkRepository,
                shares: any ShareStore, sites: any PublishedSiteStore, sessions: any WebSessionStore,
                devices: any DeviceAuthorizationStore, trustedProxies: Set<String> = [], secrets: any TokenGenerating,
                attachmentLimits: AttachmentLimits = AttachmentLimits(), hasher: any TokenHashing, clock: any WallClock,
                ids: any NoteIDGenerating, metrics: ServerMetrics, compression: any Compressing, decompression: any Decompressing,
                background: any BackgroundExecutor, scratch: any ScratchStorage,
                eventHeartbeat: Duration = ServerDependencies.defaultEventHeartbeat,
                wrongTokenLimit: Int = ServerDependencies.defaultWrongTokenLimit) {
        self.eventHeartbeat = eventHeartbeat
        self.wrongTokenLimit = wrongTokenLimit
        self.notes = AnnouncingNoteRepository(base: notes, signals: changeSignals)
        self.changeSignals = changeSignals
        self.revocations = changeSignals
        self.tokenCache = TokenLookupCache(forgetting: changeSignals.revocations())
        self.accounts = accounts
        self.readiness = readiness
        self.attachments = attachments
        self.links = links
        self.shares = AnnouncingShareStore(base: shares, signals: changeSignals)
        self.sites = AnnouncingSiteStore(base: sites, signals: changeSignals)
        self.sessions = sessions
        self.devices = devices
        self.trustedProxies = trustedProxies
        self.secrets = secrets
        self.attachmentLimits = attachmentLimits
        self.hasher = hasher
        self.clock = clock
        self.ids = ids
        self.metrics = metrics
        self.compression = compression
        self.decompression = decompression
        self.background = background
        self.scratch = scratch
    }
}
