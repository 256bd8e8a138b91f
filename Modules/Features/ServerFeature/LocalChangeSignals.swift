import ServerStoreInterface
import StandardInterfaces

/// The signals of one process: each announcement reaches the process's subscribers of that
/// account, and each revocation the process's token cache and streams.
///
/// What a server with SQLite (one process owns the database) announces with; with PostgreSQL, the
/// fan-out inside each server that `PostgresChangeSignals` feeds with what `LISTEN` hears.
public final class LocalChangeSignals: SignalFanout {
    private let subscribers = SubscriberRegistry<AccountID, AccountSignal>()
    /// Every revocation subscriber hears every revocation: they share one key.
    private struct Everyone: Hashable, Sendable {}
    private let revocationSubscribers = SubscriberRegistry<Everyone, TokenID>()

    public init() {}

    public func announce(_ account: AccountID) async {
        wake(account)
    }

    public func wake(_ account: AccountID) {
        subscribers.send(.changed, to: account)
    }

    public func wakeAll() {
        subscribers.sendToEveryone(.changed)
    }

    public func announce(_ notice: AccountNotice, to account: AccountID) async {
        tell(notice, to: account)
    }

    public func tell(_ notice: AccountNotice, to account: AccountID) {
        subscribers.send(.notice(notice), to: account)
    }

    public func subscribe(to account: AccountID, _ receive: @escaping @Sendable (AccountSignal) -> Void) -> SignalSubscription {
        subscribers.subscribe(to: account, receive)
    }

    public func announceRevocation(of token: TokenID) async {
        hear(token)
    }

    public func hear(_ token: TokenID) {
        revocationSubscribers.send(token, to: Everyone())
    }

    public func subscribeToRevocations(_ receive: @escaping @Sendable (TokenID) -> Void) -> SignalSubscription {
        revocationSubscribers.subscribe(to: Everyone(), receive)
    }
}
