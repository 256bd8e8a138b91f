import Logging
import ServerFeature
import ServerStoreInterface
import ServiceLifecycle
import WebReaderFeature

/// A server, assembled: its dependencies plus what must run, happen first, and close with it.
public struct ServerEnvironment: Sendable {
    public let dependencies: ServerDependencies
    /// The web reader's (docs/web.md): its sessions, note finder and settings.
    public let web: WebReaderDependencies
    /// Long-running parts (e.g. the PostgreSQL pool), run for as long as the server runs.
    public let services: [any Service]
    /// Runs once the services run and before the port opens (schema migrations).
    public let prepare: @Sendable () async throws -> Void
    /// Releases what the environment holds (e.g. closes the SQLite file); called once, at the end.
    public let close: @Sendable () async -> Void
    /// Creates accounts (`quill-server account create`).
    public let registration: AccountRegistration
    /// The provider identities linked to accounts (`quill-server account link`).
    public let identityLinks: any IdentityLinkStore
    /// What to tell the person who started the server (e.g. the preview's demo token).
    public let banner: [String]
}
