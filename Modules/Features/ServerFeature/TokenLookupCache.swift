import ServerStoreInterface
import Synchronization

/// Remembers the tokens the auth middleware found, so an authenticated request costs no
/// database round trip.
///
/// Correct because a stored token never changes (there is no revocation yet; adding it means
/// giving entries a lifetime here). Only found tokens are kept, so guessed IDs cannot grow it,
/// and it is emptied when it reaches `capacity`.
final class TokenLookupCache: Sendable {
    private let entries = Mutex<[TokenID: (token: StoredToken, account: Account)]>([:])
    private let capacity: Int

    init(capacity: Int = 10_000) {
        self.capacity = capacity
    }

    func lookup(_ id: TokenID, in accounts: any AccountRepository) async throws -> (token: StoredToken, account: Account)? {
        if let cached = entries.withLock({ $0[id] }) { return cached }
        guard let found = try await accounts.token(id: id) else { return nil }
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[id] = found
        }
        return found
    }
}
