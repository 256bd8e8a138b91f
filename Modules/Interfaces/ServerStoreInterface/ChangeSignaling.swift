import StandardInterfaces

/// Tells the server's open event streams (`GET /v1/events`) that an account's change feed has
/// grown, so that each reads the new changes from the feed at once instead of polling it.
///
/// A signal carries nothing but the account: the feed is the record of what changed, and a stream
/// reads it from its own cursor, so a signal lost or merged with another loses no change. With one
/// process per store (SQLite, memory) the signals stay in the process (`LocalChangeSignals`); with
/// PostgreSQL every server hears every other's through `LISTEN`/`NOTIFY`.
///
/// Notices (`AccountNotice`) travel the same way: what changed outside the feed (an attachment
/// arrived, the account's devices or shares changed), for the streams to pass on as they come.
public protocol ChangeSignaling: Sendable {
    /// Says that `account`'s notes changed; called after the write is committed.
    func announce(_ account: AccountID) async
    /// Says that something of `account` outside the change feed changed; called after it is committed.
    func announce(_ notice: AccountNotice, to account: AccountID) async
    /// Calls `receive` with each announcement of `account` from now on (`.changed` for its change
    /// feed, `.notice` for the rest) until the subscription ends. `receive` runs on the announcer's
    /// thread and only hands the signal on (it must not block): a subscriber costs no task while it
    /// waits, and keeps what it heard in a bounded buffer of its own.
    func subscribe(to account: AccountID, _ receive: @escaping @Sendable (AccountSignal) -> Void) -> SignalSubscription
}

/// What an announcement says to a subscriber of an account.
public enum AccountSignal: Hashable, Sendable {
    /// The account's change feed grew: read it from your cursor.
    case changed
    /// Something outside the feed changed.
    case notice(AccountNotice)
}

/// A change of an account outside its change feed, which event streams pass on as it happens.
/// Unlike a change of a note it is not kept anywhere to be read again: a client that was away
/// reads the attachments, devices or shares it shows once it is back.
public enum AccountNotice: Hashable, Sendable {
    /// An attachment's bytes arrived (an upload completed): its SHA-256 in hexadecimal, its size.
    case attachment(sha256: String, size: Int64)
    /// A token or session of the account was issued or revoked.
    case devices
    /// A share link or published collection of the account was made or revoked.
    case shares

    /// How many notices a busy subscriber keeps, the newest.
    public static let buffered = 64
}

/// The signals of one process, which an adapter that hears announcements from elsewhere (PostgreSQL's
/// `LISTEN`) feeds so that the process's subscribers hear them: a server's in-process fan-out.
public protocol SignalFanout: ChangeSignaling, TokenRevocationSignaling {
    /// Wakes the subscribers of `account`.
    func wake(_ account: AccountID)
    /// Wakes every subscriber of every account (after announcements may have been missed).
    func wakeAll()
    /// Hands `notice` to the subscribers of `account`.
    func tell(_ notice: AccountNotice, to account: AccountID)
    /// Hands the revocation of `token` to every revocation subscriber.
    func hear(_ token: TokenID)
}
