import Foundation
import ServerStoreInterface
import Synchronization

/// Remembers the tokens the auth middleware found, for a short while, so an authenticated
/// request usually costs no database round trip.
///
/// Entries live for `lifetime`: a revoked token stops working within that time on every
/// server process, even several sharing one PostgreSQL, with no message between them. Only
/// found tokens are kept, so guessed IDs cannot grow it, and it is emptied at `capacity`.
final class TokenLookupCache: Sendable {
    typealias Found = (token: StoredToken, account: Account)

    static let lifetime: TimeInterval = 30

    private let entries = Mutex<[TokenID: (found: Found, at: Date)]>([:])
    private let capacity: Int

    init(capacity: Int = 10_000) {
        self.capacity = capacity
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
}
