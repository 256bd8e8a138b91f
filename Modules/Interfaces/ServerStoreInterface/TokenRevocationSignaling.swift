import StandardInterfaces
import Synchronization

/// Tells every server process that a token was revoked, so that each forgets it at once rather
/// than when its token cache's entry ages out (docs/signin.md#devices).
///
/// With one process per store (SQLite, memory) the signals stay in the process
/// (`LocalChangeSignals`); with PostgreSQL every server hears every other's through
/// `LISTEN`/`NOTIFY` (`PostgresChangeSignals`), on the channel the change signals use.
public protocol TokenRevocationSignaling: Sendable {
    /// Says that `token` no longer authenticates; called after the revocation is committed.
    func announceRevocation(of token: TokenID) async
    /// Every revocation announced from now on, until the caller stops iterating.
    func revocations() -> AsyncStream<TokenID>
}

/// The revocations of one process, fanned out to each subscriber; also the fan-out inside each
/// server of the PostgreSQL adapter, which feeds it what `LISTEN` hears.
public final class LocalTokenRevocations: TokenRevocationSignaling {
    private let subscribers = Mutex<[Int: AsyncStream<TokenID>.Continuation]>([:])
    private let nextSubscriber = Atomic<Int>(0)

    public init() {}

    public func announceRevocation(of token: TokenID) async {
        hear(token)
    }

    /// Passes `token` to every subscriber (for an adapter that hears revocations from elsewhere).
    public func hear(_ token: TokenID) {
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(token) }
    }

    public func revocations() -> AsyncStream<TokenID> {
        let (stream, continuation) = AsyncStream<TokenID>.makeStream(bufferingPolicy: .bufferingNewest(1000))
        let key = nextSubscriber.add(1, ordering: .relaxed).newValue
        subscribers.withLock { $0[key] = continuation }
        continuation.onTermination = { [weak self] _ in
            _ = self?.subscribers.withLock { $0.removeValue(forKey: key) }
        }
        return stream
    }
}
