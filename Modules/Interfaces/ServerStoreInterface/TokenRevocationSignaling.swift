import StandardInterfaces

/// Tells every server process that a token was revoked, so that each forgets it at once rather
/// than when its token cache's entry ages out (docs/signin.md#devices).
///
/// With one process per store (SQLite, memory) the signals stay in the process
/// (`LocalChangeSignals`); with PostgreSQL every server hears every other's through
/// `LISTEN`/`NOTIFY` (`PostgresChangeSignals`), on the channel the change signals use.
public protocol TokenRevocationSignaling: Sendable {
    /// Says that `token` no longer authenticates; called after the revocation is committed.
    func announceRevocation(of token: TokenID) async
    /// Calls `receive` with each token revoked from now on, until the subscription ends; as
    /// `ChangeSignaling.subscribe(to:_:)`, `receive` only hands it on.
    func subscribeToRevocations(_ receive: @escaping @Sendable (TokenID) -> Void) -> SignalSubscription
}

extension TokenRevocationSignaling {
    /// Every revocation announced from now on (the newest 1,000 while the reader is busy), until
    /// the caller stops iterating: for a reader that waits in a task of its own.
    public func revocations() -> AsyncStream<TokenID> {
        let (stream, continuation) = AsyncStream<TokenID>.makeStream(bufferingPolicy: .bufferingNewest(1000))
        let subscription = subscribeToRevocations { continuation.yield($0) }
        continuation.onTermination = { _ in subscription.end() }
        return stream
    }
}
