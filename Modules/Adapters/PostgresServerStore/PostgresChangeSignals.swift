import _ConnectionPoolModule
import Logging
import PostgresNIO
import ServerStoreInterface
import ServiceLifecycle
import StandardInterfaces

/// The change signals of servers that share one PostgreSQL database: an announcement is a
/// `NOTIFY` (sent after the write committed), and each server `LISTEN`s on one connection of its
/// pool and wakes its own streams (the `SignalFanout` it is given) for every account it hears
/// about, its own announcements included. So a change written through one server reaches the streams another holds.
///
/// Token revocations travel on the same channel, as `t` and the token's ID, and each server passes
/// what it hears to its own token cache (through the same fan-out); notices as `n`, the account's ID,
/// a space and the notice (`PostgresNoticePayload`).
///
/// Run it (it is a `Service`) for as long as the server serves. A listening connection that
/// breaks is opened again after a second, and then every stream is woken: what was announced
/// meanwhile is in the change feed, which each stream reads from its own cursor.
public final class PostgresChangeSignals: ChangeSignaling, TokenRevocationSignaling, Service {
    /// The channel of every announcement; the payload is the account's ID, or `t` and a revoked token's ID.
    static let channel = "quill_changes"

    private let store: PostgresServerStore
    private let logger: Logger
    private let local: any SignalFanout

    /// `local`: this server's fan-out, which hands what is heard to its subscribers.
    public init(store: PostgresServerStore, logger: Logger, local: any SignalFanout) {
        self.store = store
        self.logger = logger
        self.local = local
    }

    public func announce(_ account: AccountID) async {
        do {
            try await store.client.query("SELECT pg_notify(\(Self.channel), \(account.description))", logger: logger)
        } catch {
            // The write is committed; streams of other servers see it at their next wake. Here, wake at once.
            logger.warning("could not announce a change of account \(account): \(error)")
            local.wake(account)
        }
    }

    public func subscribe(to account: AccountID, _ receive: @escaping @Sendable (AccountSignal) -> Void) -> SignalSubscription {
        local.subscribe(to: account, receive)
    }

    public func announce(_ notice: AccountNotice, to account: AccountID) async {
        do {
            try await store.client.query("SELECT pg_notify(\(Self.channel), \(PostgresNoticePayload.text(notice, account: account)))",
                                         logger: logger)
        } catch {
            // Only a notice: this server's streams hear it, other servers' miss it.
            logger.warning("could not announce a notice of account \(account): \(error)")
            local.tell(notice, to: account)
        }
    }

    public func announceRevocation(of token: TokenID) async {
        do {
            try await store.client.query("SELECT pg_notify(\(Self.channel), \("t" + token.rawValue))", logger: logger)
        } catch {
            // Revoked in the database: other servers stop accepting it within their cache's lifetime.
            logger.warning("could not announce the revocation of token \(token.rawValue): \(error)")
            local.hear(token)
        }
    }

    public func subscribeToRevocations(_ receive: @escaping @Sendable (TokenID) -> Void) -> SignalSubscription {
        local.subscribeToRevocations(receive)
    }

    /// Listens until a graceful shutdown or cancellation, reconnecting after a failure.
    public func run() async throws {
        await cancelWhenGracefulShutdown {
            var first = true
            while !Task.isCancelled {
                do {
                    try await self.store.client.withConnection { connection in
                        try await connection.listen(on: Self.channel) { notifications in
                            if !first { self.local.wakeAll() }
                            first = false
                            for try await notification in notifications {
                                if notification.payload.hasPrefix("t"), let token = TokenID(String(notification.payload.dropFirst())) {
                                    self.local.hear(token)
                                    continue
                                }
                                if let (notice, account) = PostgresNoticePayload.parse(notification.payload) {
                                    self.local.tell(notice, to: account)
                                    continue
                                }
                                guard let id = Int64(notification.payload) else { continue }
                                self.local.wake(AccountID(id))
                            }
                        }
                    }
                } catch is CancellationError {
                    return
                } catch let error as ConnectionPoolError where error == .poolShutdown {
                    // The store is closing (the server stops, or failed to start): nothing to listen for.
                    return
                } catch {
                    if Task.isCancelled { return }
                    self.logger.warning("listening for changes failed, again in 1 s: \(error)")
                    first = false
                    try? await Task.sleep(for: .seconds(1))
                }
            }
        }
    }
}

/// A notice as the payload of a `NOTIFY`: `n`, the account's ID, a space, and `devices`, `shares`
/// or `attachment SHA256 SIZE`.
enum PostgresNoticePayload {
    static func text(_ notice: AccountNotice, account: AccountID) -> String {
        let what = switch notice {
        case .attachment(let sha256, let size): "attachment \(sha256) \(size)"
        case .devices: "devices"
        case .shares: "shares"
        }
        return "n\(account.description) \(what)"
    }

    static func parse(_ payload: String) -> (AccountNotice, AccountID)? {
        guard payload.hasPrefix("n") else { return nil }
        let words = payload.dropFirst().split(separator: " ")
        guard let first = words.first, let id = Int64(first) else { return nil }
        switch (words.count, words.count > 1 ? words[1] : "") {
        case (2, "devices"): return (.devices, AccountID(id))
        case (2, "shares"): return (.shares, AccountID(id))
        case (4, "attachment"):
            guard let size = Int64(words[3]) else { return nil }
            return (.attachment(sha256: String(words[2]), size: size), AccountID(id))
        default: return nil
        }
    }
}
