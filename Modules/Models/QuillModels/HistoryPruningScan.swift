import Foundation

/// Decides, from a store's revision rows read in order (account, note, revision), which of each
/// note's oldest revisions `retention` drops: what every server store's `pruneHistory` does
/// with its rows.
///
/// Exists so that SQLite, PostgreSQL and the in-memory store apply `HistoryRetention` exactly
/// alike, one note at a time, holding no more than one note's row times. A rule of the model, beside
/// `HistoryRetention`: the stores only read the rows in and delete what it drops. `Account` is
/// the store's account key.
public struct HistoryPruningScan<Account: Equatable & Sendable>: Sendable {
    /// One note's drop: every revision up to and including `through`.
    public struct Drop: Sendable, Equatable {
        public let account: Account
        public let note: String
        public let through: Int64
    }

    private let retention: HistoryRetention
    private let now: Date
    public private(set) var pruned = PrunedHistory()
    public private(set) var drops: [Drop] = []
    private var note: (account: Account, id: String, current: Int64)?
    private var revisions: [Int64] = []
    private var times: [Date] = []

    public init(retention: HistoryRetention, now: Date) {
        self.retention = retention
        self.now = now
    }

    /// The next row: a kept revision of `note` (in `account`), the time it was written, and the
    /// time of the note's current revision, all in milliseconds.
    public mutating func add(account: Account, note id: String, revision: Int64, writtenMilliseconds: Int64, currentMilliseconds: Int64) {
        if note?.account != account || note?.id != id {
            finishNote()
            note = (account, id, currentMilliseconds)
        }
        revisions.append(revision)
        times.append(Date(millisecondsSince1970: writtenMilliseconds))
    }

    /// Ends the scan: `pruned` and `drops` are complete.
    public mutating func finish() {
        finishNote()
        note = nil
    }

    private mutating func finishNote() {
        guard let note else { return }
        let dropped = retention.droppedCount(times: times + [Date(millisecondsSince1970: note.current)], now: now)
        if dropped > 0 {
            pruned.add(dropped)
            drops.append(Drop(account: note.account, note: note.id, through: revisions[dropped - 1]))
        }
        revisions.removeAll(keepingCapacity: true)
        times.removeAll(keepingCapacity: true)
    }
}
