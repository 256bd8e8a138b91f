import ServerFeature
import ServerStoreInterface
import StandardInterfaces

/// Everything the web reader needs from outside, as protocols; a composition root fills it in.
///
/// It reads and writes through the API's own dependencies (the same repositories, clock,
/// hashing, export, sessions and secrets), plus the note finder.
public struct WebReaderDependencies: Sendable {
    public var server: ServerDependencies
    public var finder: any NoteFinding
    public var settings: WebReaderSettings
    /// Sign-in through an OpenID Connect provider, when one is configured (`--oidc-issuer`).
    public var oidc: OIDCSignIn?

    public init(server: ServerDependencies, finder: any NoteFinding, settings: WebReaderSettings, oidc: OIDCSignIn? = nil) {
        self.server = server
        self.finder = finder
        self.settings = settings
        self.oidc = oidc
    }
}
