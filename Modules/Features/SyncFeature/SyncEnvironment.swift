import StandardInterfaces
import SyncStateInterface
import SyncTransportInterface

/// What sync needs from outside beyond the note store and the clock: the server, its
/// credentials and the local sync state.
///
/// Grouped in one value so that a composition root wires sync as a unit (live files and HTTP
/// in production, an in-memory server in preview, "unimplemented" doubles in the test root)
/// and builds the `SyncService` from it.
public struct SyncEnvironment: Sendable {
    public var credentials: any CredentialStoring
    public var state: any SyncStateStoring
    public var baseRevisions: any BaseRevisionStoring
    public var sleeper: any Sleeping
    public var random: any RandomSource
    /// Builds the transport for a server once the credentials are known.
    public var makeTransport: @Sendable (Credentials) -> any SyncTransport
    /// Builds the transport `quill share` uses, for the same server.
    public var makeShareTransport: @Sendable (Credentials) -> any ShareTransport
    /// Builds the transport of `quill login` without a token (an empty token) and `quill status`.
    public var makeDeviceLoginTransport: @Sendable (Credentials) -> any DeviceLoginTransport
    /// What this device calls itself when it asks to sign in (`quill on <host name>`).
    public var deviceName: String
    /// Which watcher runs on this home (`quill sync --watch`, `quill status`).
    public var watchers: any WatcherRegistering
    /// The changes a watcher wakes on: the note store's directory, where every write of a note
    /// lands (its summary journal and pending list).
    public var localChanges: @Sendable () throws -> AsyncStream<Void>

    public init(
        credentials: any CredentialStoring, state: any SyncStateStoring, baseRevisions: any BaseRevisionStoring,
        sleeper: any Sleeping, random: any RandomSource,
        makeTransport: @escaping @Sendable (Credentials) -> any SyncTransport,
        makeShareTransport: @escaping @Sendable (Credentials) -> any ShareTransport,
        makeDeviceLoginTransport: @escaping @Sendable (Credentials) -> any DeviceLoginTransport, deviceName: String,
        watchers: any WatcherRegistering, localChanges: @escaping @Sendable () throws -> AsyncStream<Void>
    ) {
        self.credentials = credentials
        self.state = state
        self.baseRevisions = baseRevisions
        self.sleeper = sleeper
        self.random = random
        self.makeTransport = makeTransport
        self.makeShareTransport = makeShareTransport
        self.makeDeviceLoginTransport = makeDeviceLoginTransport
        self.deviceName = deviceName
        self.watchers = watchers
        self.localChanges = localChanges
    }
}
