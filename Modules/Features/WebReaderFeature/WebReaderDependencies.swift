import ServerFeature
import ServerStoreInterface
import StandardInterfaces

/// Everything the web reader needs from outside, as protocols; a composition root fills it in.
///
/// It reads and writes through the API's own dependencies (the same repositories, clock,
/// hashing and export), plus its sessions, the randomness for their secrets and the note finder.
public struct WebReaderDependencies: Sendable {
    public var server: ServerDependencies
    public var sessions: any WebSessionStore
    /// Random secrets for session cookies and form tokens (the API tokens' generator).
    public var secrets: any TokenGenerating
    public var finder: any NoteFinding
    public var settings: WebReaderSettings

    public init(server: ServerDependencies, sessions: any WebSessionStore, secrets: any TokenGenerating, finder: any NoteFinding,
                settings: WebReaderSettings) {
        self.server = server
        self.sessions = sessions
        self.secrets = secrets
        self.finder = finder
        self.settings = settings
    }
}
