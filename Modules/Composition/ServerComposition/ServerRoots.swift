import ByteStreamInterface
import ByteStreamTesting
import StandardAdapters
import Foundation
import GlibcAllocator
import LocalByteStream
import OIDCIdentityProvider
import Logging
import PostgresServerStore
import QuillServerCLI
import ServerFeature
import ServerStoreInterface
import ServerStoreTesting
import ServiceLifecycle
import SQLiteServerStore
import StandardInterfaces
import WebReaderFeature
import ZlibCompression

/// The composition roots of `quill-server`: the only code that names its adapters. (The test
/// root is `ServerTestComposition`, kept apart as the client's is.)
public enum ServerRoots {
    /// Process-wide settings of the real `quill-server`, made once before anything runs: buffers
    /// of a piece of an attachment or more go back to the system once freed, rather than staying
    /// in each thread's heap.
    public static func prepareProcess() {
        ProcessMemory.returnLargeBuffersToTheSystem()
    }

    /// The server `configuration` names: the production root (SQLite in the data directory,
    /// created if needed, or PostgreSQL) or, for `--preview`, the preview root.
    public static func server(_ configuration: ServerConfiguration, logger: Logger) throws -> ServerEnvironment {
        let hasher = SHA256TokenHasher()
        let scratch = TemporaryScratchStorage(directory: configuration.temporaryDirectory)
        switch configuration.storage {
        case .sqlite(let path):
            let store: SQLiteServerStore
            do {
                try FileManager.default.createDirectory(at: URL(fileURLWithPath: path).deletingLastPathComponent(),
                                                        withIntermediateDirectories: true)
                store = try SQLiteServerStore(path: path)
            } catch {
                let cause = "cannot open the SQLite store at \(path): "
                    + StoreOpeningFailure.reason(error, directory: URL(fileURLWithPath: path).deletingLastPathComponent().path)
                if case ServerStoreError.corrupt = error {
                    throw ServerCommandFailure.damaged(cause, hint: "restore the last backup into a new data directory "
                        + "('quill-server restore BACKUP \(ServerSetting.dataDirectory.flagName) NEW') and serve from it, "
                        + "or salvage what can be read with 'sqlite3 \(path) .recover'; the file was not changed")
                }
                throw ServerCommandFailure.unavailable(cause, hint: "check that its directory exists or can be made and that this user can write it, "
                    + "or choose another with \(ServerSetting.dataDirectory.flagName) or \(ServerSetting.dataDirectory.source(fromFlag: false))")
            }
            return environment(store: store, signals: LocalChangeSignals(), sessions: store, hasher: hasher, scratch: scratch, services: [],
                               close: { store.close() }, banner: ["storage: SQLite at \(path)"], web: WebReaderSettings(),
                               trustedProxies: Set(configuration.trustedProxies),
                               limits: configuration.attachmentLimits, heartbeat: configuration.eventHeartbeat,
                               wrongTokenLimit: configuration.wrongTokenLimit, oidc: configuration.oidc)
        case .postgres(let url):
            let store = try PostgresServerStore(url: url, logger: logger)
            let signals = PostgresChangeSignals(store: store, logger: logger, local: LocalChangeSignals())
            return environment(store: store, signals: signals, sessions: store, hasher: hasher, scratch: scratch, services: [store, signals],
                               close: {},
                               banner: ["storage: PostgreSQL at \(ServerConfiguration.redacted(url))"], web: WebReaderSettings(),
                               trustedProxies: Set(configuration.trustedProxies),
                               limits: configuration.attachmentLimits, heartbeat: configuration.eventHeartbeat,
                               wrongTokenLimit: configuration.wrongTokenLimit, oidc: configuration.oidc, reach: {
                do {
                    try await store.waitUntilReachable(within: StoreOpeningFailure.databaseWait)
                } catch {
                    throw ServerCommandFailure.unavailable(
                        "cannot use the PostgreSQL database at \(ServerConfiguration.redacted(url)): \(error)",
                        hint: "check that PostgreSQL runs and accepts connections there, and the URL's host, port, user, password "
                            + "and database (\(ServerSetting.database.flagName) or $\(ServerSetting.database.variable ?? ""))")
                }
            })
        case .preview:
            return try preview(trustedProxies: Set(configuration.trustedProxies), heartbeat: configuration.eventHeartbeat,
                               wrongTokenLimit: configuration.wrongTokenLimit, oidc: configuration.oidc)
        }
    }

    /// `--preview`: memory only, seeded with the sample notes of a demo account.
    public static func preview(web settings: WebReaderSettings = WebReaderSettings(), trustedProxies: Set<String> = [],
                               heartbeat: Duration = ServerDependencies.defaultEventHeartbeat,
                               wrongTokenLimit: Int = ServerDependencies.defaultWrongTokenLimit,
                               oidc: OIDCConfiguration? = nil) throws -> ServerEnvironment {
        let store = InMemoryServerStore()
        let hasher = SHA256TokenHasher()
        let seeded = environment(store: store, signals: LocalChangeSignals(), sessions: InMemoryWebSessionStore(), hasher: hasher,
                                 scratch: InMemoryScratchStorage(),
                                 services: [], close: {}, banner: [
            "preview: notes live in memory only and vanish when the server stops",
            "preview: demo account '\(ServerSampleData.demoAccountName)', token \(ServerSampleData.demoToken)",
            // No "token " here: scripts take the demo token from the last "token " of the banner.
            "preview: web reader: open /login in a browser and paste \(ServerSampleData.demoToken)",
        ], web: settings, trustedProxies: trustedProxies, heartbeat: heartbeat, wrongTokenLimit: wrongTokenLimit, oidc: oidc)
        return ServerEnvironment(
            dependencies: seeded.dependencies, web: seeded.web, services: [],
            prepare: { _ = try await ServerSampleData.seed(store, hasher: hasher) },
            close: {}, registration: seeded.registration, identityLinks: seeded.identityLinks, banner: seeded.banner)
    }

    private static func environment(
        store: some ServerNoteRepository & AccountRepository & SchemaMigrating & ReadinessChecking & ServerAttachmentRepository & ServerLinkRepository
            & ShareStore & PublishedSiteStore & DeviceAuthorizationStore & IdentityLinkStore & PendingSignInStore,
        signals: any ChangeSignaling & TokenRevocationSignaling, sessions: any WebSessionStore,
        hasher: any TokenHashing, scratch: any ScratchStorage, services: [any Service],
        close: @escaping @Sendable () async -> Void, banner: [String], web settings: WebReaderSettings, trustedProxies: Set<String>,
        limits: AttachmentLimits = AttachmentLimits(), heartbeat: Duration, wrongTokenLimit: Int, oidc: OIDCConfiguration?,
        reach: @escaping @Sendable () async throws -> Void = {}
    ) -> ServerEnvironment {
        let dependencies = ServerDependencies(notes: store, changeSignals: signals, accounts: store, readiness: store, attachments: store,
                                              links: store, shares: store, sites: store, sessions: sessions, devices: store,
                                              trustedProxies: trustedProxies, secrets: RandomTokenGenerator(),
                                              attachmentLimits: limits, hasher: hasher,
                                              clock: SystemClock(), ids: RandomNoteIDs(), metrics: ServerMetrics(), compression: ZlibGzip(),
                                              decompression: ZlibGzip(), background: DispatchBackgroundExecutor(label: "quill-server.import"),
                                              scratch: scratch, eventHeartbeat: heartbeat, wrongTokenLimit: wrongTokenLimit)
        let signIn = oidc.map { oidc in
            OIDCSignIn(settings: oidc.settings,
                       provider: OIDCIdentityProvider(issuer: oidc.settings.issuer, clientID: oidc.settings.clientID, clientSecret: oidc.clientSecret),
                       links: store, pending: store, accounts: store, secrets: RandomTokenGenerator(), hasher: hasher, clock: dependencies.clock)
        }
        let web = WebReaderDependencies(server: dependencies,
                                        finder: SearchingNoteFinder(repository: store, listing: RecentNotesIndex(repository: store)), settings: settings,
                                        oidc: signIn)
        return ServerEnvironment(
            dependencies: dependencies, web: web, services: services, prepare: { try await reach(); try await store.migrate() }, close: close,
            registration: AccountRegistration(accounts: store, tokens: RandomTokenGenerator(), hasher: hasher, clock: dependencies.clock),
            identityLinks: store, banner: banner + (oidc.map { ["sign-in: OpenID Connect through \($0.settings.issuer)"] } ?? []))
    }
}
