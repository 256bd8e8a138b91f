import Foundation
import ServerStoreInterface
import Synchronization

/// The bytes the uploads now running will still add to each account, so that uploads side by side
/// cannot each fit the quota and together pass it: each upload reserves what it will add before
/// it is let in, counts the reservations of the others against the quota, and gives its
/// reservation back when it ends, however it ends.
///
/// Per process: servers sharing one PostgreSQL database each know only their own uploads, so two
/// uploads through two servers at once can still pass the quota together.
final class AttachmentQuotaReservations: Sendable {
    private let reserved = Mutex<[AccountID: [UUID: Int64]]>([:])

    /// Reserves `bytes` for `account` and returns the reservation and what the account's other
    /// running uploads have reserved.
    func reserve(_ bytes: Int64, account: AccountID) -> (reservation: UUID, others: Int64) {
        let key = UUID()
        return reserved.withLock { all in
            let others = (all[account] ?? [:]).values.reduce(0, +)
            all[account, default: [:]][key] = bytes
            return (key, others)
        }
    }

    /// What the upload `reservation` will still add, once some of it is stored.
    func update(_ reservation: UUID, account: AccountID, remaining: Int64) {
        reserved.withLock { all in
            if all[account]?[reservation] != nil { all[account]?[reservation] = max(0, remaining) }
        }
    }

    func release(_ reservation: UUID, account: AccountID) {
        reserved.withLock { all in
            all[account]?[reservation] = nil
            if all[account]?.isEmpty == true { all[account] = nil }
        }
    }
}
