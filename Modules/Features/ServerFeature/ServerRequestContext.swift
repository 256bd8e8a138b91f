import Hummingbird
import NIOCore
import ServerStoreInterface
import StandardInterfaces

/// The per-request state the handlers share: Hummingbird's own, plus the account the
/// auth middleware found for the bearer token.
public struct ServerRequestContext: RequestContext {
    public var coreContext: CoreRequestContextStorage
    /// Set by `BearerAuthMiddleware` on every `/v1` request that reaches a handler.
    public var account: Account?
    /// The bearer token's public ID, set with `account` (a long-lived stream checks it still holds).
    public var tokenID: TokenID?
    /// The IP address of the peer (a proxy's, behind one); `nil` when there is none (in-process tests).
    /// Formatted when asked: most requests never need it, and formatting costs a `String` each.
    public var remoteAddress: String? { peer?.ipAddress }
    private let peer: SocketAddress?
    /// The event loop of the request's connection, which writes what a handler answers.
    public let eventLoop: any EventLoop

    public init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        peer = source.channel.remoteAddress
        eventLoop = source.channel.eventLoop
    }

    /// The authenticated account; a handler reached without one is a wiring mistake, answered 401.
    func requireAccount() throws -> Account {
        guard let account else { throw APIError.unauthorized }
        return account
    }
}
