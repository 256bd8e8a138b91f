import StandardInterfaces
import Synchronization

/// Tells the server's open event streams (`GET /v1/events`) that an account's change feed has
/// grown, so that each reads the new changes from the feed at once instead of polling it.
///
/// A signal carries nothing but the account: the feed is the record of what changed, and a stream
/// reads it from its own cursor, so a signal lost or merged with another loses no change. With one
/// process per store (SQLite, memory) the signals stay in the process (`LocalChangeSignals`); with
/// PostgreSQL every server hears every other's through `LISTEN`/`NOTIFY`.
public protocol ChangeSignaling: Sendable {
    /// Says that `account`'s notes changed; called after the write is committed.
    func announce(_ account: AccountID) async
    /// Wakes once for each announcement of `account` (several before a wake count as one), until
    /// the caller stops iterating.
    func signals(of account: AccountID) -> AsyncStream<Void>
}

/// The signals of one process: each announcement wakes the process's streams of that account,
/// and each revocation reaches the process's token cache.
///
/// Each subscriber's stream buffers at most one wake, so a stream that is busy writing (or whose
/// client reads slowly) costs the same memory however many changes arrive meanwhile. Also the
/// fan-out inside each server of the PostgreSQL adapter, which feeds it what `LISTEN` hears.
public final class LocalChangeSignals: ChangeSignaling, TokenRevocationSignaling {
    private let revoked = LocalTokenRevocations()
    private let subscribers = Mutex<[AccountID: [Int: AsyncStream<Void>.Continuation]]>([:])
    private let nextSubscriber = Atomic<Int>(0)

    public init() {}

    public func announce(_ account: AccountID) async {
        wake(account)
    }

    /// Wakes the streams of `account` (for an adapter that hears announcements from elsewhere).
    public func wake(_ account: AccountID) {
        let continuations = subscribers.withLock { Array(($0[account] ?? [:]).values) }
        for continuation in continuations { continuation.yield() }
    }

    /// Wakes every stream of every account (after announcements may have been missed).
    public func wakeAll() {
        let continuations = subscribers.withLock { $0.values.flatMap(\.values) }
        for continuation in continuations { continuation.yield() }
    }

    public func announceRevocation(of token: TokenID) async {
        await revoked.announceRevocation(of: token)
    }

    public func revocations() -> AsyncStream<TokenID> {
        revoked.revocations()
    }

    public func signals(of account: AccountID) -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let key = nextSubscriber.add(1, ordering: .relaxed).newValue
        subscribers.withLock { $0[account, default: [:]][key] = continuation }
        continuation.onTermination = { [weak self] _ in
            self?.subscribers.withLock { all in
                all[account]?[key] = nil
                if all[account]?.isEmpty == true { all[account] = nil }
            }
        }
        return stream
    }
}
