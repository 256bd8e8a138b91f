import Foundation

/// The web reader's settings, from the composition root.
public struct WebReaderSettings: Sendable {
    /// How long a session lasts after sign-in.
    public var sessionLifetime: TimeInterval
    /// The addresses whose `X-Forwarded-Proto` is believed (a TLS proxy in front of the server);
    /// a request over HTTPS through one of them gets a `Secure` cookie.
    public var trustedProxies: Set<String>
    /// Notes on one page of the list.
    public var pageSize: Int

    public init(sessionLifetime: TimeInterval = 12 * 3600, trustedProxies: Set<String> = [], pageSize: Int = 50) {
        self.sessionLifetime = sessionLifetime
        self.trustedProxies = trustedProxies
        self.pageSize = pageSize
    }
}
