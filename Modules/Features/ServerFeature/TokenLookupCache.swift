import Foundation
import ServerStoreInterface
import StandardInterfaces
import Synchronization

/// Remembers the tokens the auth middleware found, for a short while, so an authenticated
/// request usually costs no database round trip; and records each token's last use in the
/// store at most once per `useRecordingInterval`, so `account list` can show it without a
/// write per request.
///
/// Entries live for `lifetime`: a token revoked where no announcement reaches (another process on
/// SQLite, `quill-server account revoke`), or one of a deleted account, stops working within that
/// time. A revocation announced through `TokenRevocationSignaling` (the API and the Devices page
/// announce theirs; PostgreSQL carries them to every server) is forgotten at once. Only found
/// tokens are kept, so guessed IDs cannot grow it, and it is emptied at `capacity`.
final class TokenLookupCache: Sendable {
    typealias Found = (token: StoredToken, account: Account)

    static let lifetime: TimeInterval = 30
    static let useRecordingInterval: TimeInterval = 60

    private let entries = Mutex<[TokenID: (found: Found, at: Date)]>([:])
    private let recordedUses = Mutex<[TokenID: Date]>([:])
    private let capacity: Int
    private let listening = Mutex<Task<Void, Never>?>(nil)

    /// Forgets each token `revocations` names, for as long as the cache lives.
    init(capacity: Int = 10_000, forgetting revocations: AsyncStream<TokenID>) {
        self.capacity = capacity
        let task = Task { [weak self] in
            for await token in revocations { self?.forget(token) }
        }
        listening.withLock { $0 = task }
    }

    deinit {
        listening.withLock { $0?.cancel() }
    }

    func lookup(_ id: TokenID, in accounts: any AccountRepository, now: Date) async throws -> Found? {
        let cached = entries.withLock { $0[id] }
        if let cached, now.timeIntervalSince(cached.at) < Self.lifetime { return cached.found }
        guard let found = try await accounts.token(id: id) else {
            if cached != nil { entries.withLock { _ = $0.removeValue(forKey: id) } }
            return nil
        }
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[id] = (found, now)
        }
        return found
    }

    /// Forgets `id`, so that its next use reads the store (after a revocation).
    func forget(_ id: TokenID) {
        _ = entries.withLock { $0.removeValue(forKey: id) }
    }

    /// Records that `id` authenticated a request at `now` from `address` (asked only when written), unless this process recorded it less
    /// than `useRecordingInterval` ago. A failed write is not the request's failure: the next
    /// use after the interval tries again.
    func recordUse(of id: TokenID, in accounts: any AccountRepository, now: Date, address: () -> String) async {
        let due = recordedUses.withLock { recorded -> Bool in
            if let last = recorded[id], now.timeIntervalSince(last) < Self.useRecordingInterval { return false }
            if recorded.count >= capacity { recorded.removeAll(keepingCapacity: true) }
            recorded[id] = now
            return true
        }
        guard due else { return }
        do { try await accounts.recordUse(ofToken: id, at: now, address: address()) } catch {
            _ = recordedUses.withLock { $0.removeValue(forKey: id) }
        }
    }
}
