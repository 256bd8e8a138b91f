import ServerStoreInterface
import Synchronization

/// How many event streams each account has open, so that one account cannot hold every
/// connection the server has: past `maximumPerAccount`, a new stream is refused (429).
final class EventStreamCounts: Sendable {
    static let maximumPerAccount = 100

    private let open = Mutex<[AccountID: Int]>([:])

    /// Counts a new stream of `account`; `false` (and not counted) when it has the most already.
    func take(_ account: AccountID) -> Bool {
        open.withLock { counts in
            guard counts[account, default: 0] < Self.maximumPerAccount else { return false }
            counts[account, default: 0] += 1
            return true
        }
    }

    /// Whether `account` may open another stream now (nothing is counted).
    func hasRoom(_ account: AccountID) -> Bool {
        open.withLock { $0[account, default: 0] < Self.maximumPerAccount }
    }

    func release(_ account: AccountID) {
        open.withLock { counts in
            counts[account, default: 1] -= 1
            if counts[account] == 0 { counts[account] = nil }
        }
    }

    /// Open streams, over every account.
    var total: Int { open.withLock { $0.values.reduce(0, +) } }
}
