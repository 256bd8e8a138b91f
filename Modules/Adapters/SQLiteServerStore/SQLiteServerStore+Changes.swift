import Foundation
import QuillModels
import ServerStoreInterface
import SQLiteKit

/// What sync reads and writes: the change feed (each write takes the account's next change
/// number, `notes.sequence`) and a push, decided note by note by `PushRule` in one transaction
/// and kept under its request ID, so that a push sent again is answered as the first time.
extension SQLiteServerStore {
    public func changes(account: AccountID, after cursor: ChangeCursor, limit: Int) async throws -> AccountChangePage {
        try reading { connection in
            let size = max(0, limit)
            var notes: [Note] = [], cursors: [ChangeCursor] = [], unreadable: [UnreadableNote] = []
            var last = cursor.sequence
            var hasMore = false
            // One row more than asked for tells whether another page follows.
            try connection.query("""
                SELECT \(Self.noteColumns) FROM notes WHERE account_id = ? AND sequence > ? ORDER BY sequence LIMIT ?
                """, [.integer(account.rawValue), .integer(cursor.sequence), .limitWithOneMore(size)]) { row in
                guard notes.count + unreadable.count < size else {
                    hasMore = true
                    return
                }
                switch Self.decoded(row) {
                case .success(let note):
                    notes.append(note)
                    cursors.append(ChangeCursor(sequence: row.integer(8)))
                case .failure(let damaged): unreadable.append(damaged)
                }
                last = row.integer(8)
            }
            return AccountChangePage(notes: notes, cursors: cursors, next: ChangeCursor(sequence: last), hasMore: hasMore, unreadable: unreadable)
        }
    }

    public func latestCursor(account: AccountID) async throws -> ChangeCursor {
        try reading { connection in ChangeCursor(sequence: try latestSequence(account: account, on: connection)) }
    }

    public func push(_ changes: [PushedChange], requestID: PushRequestID, digest: PushDigest, account: AccountID, at now: Date,
                     forgettingBefore: Date, keeping: @Sendable ([PushOutcome]) -> String) async throws -> PushStoring {
        defer { scheduleSearchCatchUp() }
        return try guarded { connection in
            // The text stays queued: indexed by the next search, not in the push's transaction.
            try connection.transaction {
                try connection.query("DELETE FROM push_requests WHERE account_id = ? AND created_ms < ?",
                                     [.integer(account.rawValue), .integer(forgettingBefore.millisecondsSince1970)])
                var kept: KeptPush?
                try connection.query("""
                    SELECT outcomes, digest, written_after, written_through FROM push_requests WHERE account_id = ? AND request_id = ?
                    """, [.integer(account.rawValue), .text(requestID.rawValue)]) {
                    kept = KeptPush(outcomes: $0.text(0), digest: $0.optionalText(1).map(PushDigest.init),
                                    written: WrittenChanges(after: $0.optionalInteger(2), through: $0.optionalInteger(3)))
                }
                if let kept { return .kept(kept) }
                let latestBefore = try latestSequence(account: account, on: connection)
                // The writes take the change numbers after it in order; the account's row is
                // updated once, at the end.
                var latest = latestBefore
                var outcomes: [PushOutcome] = []
                outcomes.reserveCapacity(changes.count)
                for change in changes {
                    let (current, hasRow) = try readableCurrent(change.note.id, account: account, on: connection)
                    let decision = try PushRule.decide(change, current: current) {
                        guard let current else { return nil }
                        return try note(current, at: $0, account: account, on: connection)
                    }
                    switch decision {
                    case .store(let note):
                        latest += 1
                        outcomes.append(.applied(try write(note, replacing: current, origin: .sync, mergeAncestor: nil,
                                                           document: change.document(of: note),
                                                           at: NoteSlot(sequence: latest, hasRow: hasRow), account: account, on: connection)))
                    case .merged(let note):
                        latest += 1
                        outcomes.append(.merged(try write(note, replacing: current, origin: .sync, mergeAncestor: change.baseRevision,
                                                          at: NoteSlot(sequence: latest, hasRow: hasRow), account: account, on: connection)))
                    case .conflict(let server): outcomes.append(.conflict(server))
                    }
                }
                if latest != latestBefore {
                    try connection.query("UPDATE accounts SET last_sequence = ? WHERE id = ?", [.integer(latest), .integer(account.rawValue)])
                }
                try connection.query("""
                    INSERT INTO push_requests (account_id, request_id, outcomes, created_ms, digest, written_after, written_through)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, [.integer(account.rawValue), .text(requestID.rawValue), .text(keeping(outcomes)),
                          .integer(now.millisecondsSince1970), .text(digest.rawValue), .integer(latestBefore), .integer(latest)])
                return .applied(PushAnswer(outcomes: outcomes, written: WrittenChanges(after: ChangeCursor(sequence: latestBefore),
                                                                                       through: ChangeCursor(sequence: latest))))
            }
        }
    }

    /// The stored note a push decides against, and whether the account holds a row under its ID
    /// at all. A stored copy that cannot be read counts as lost (as `PushRule` puts it), so the
    /// pushed note replaces, and so repairs, the record instead of failing the whole push.
    private func readableCurrent(_ id: NoteID, account: AccountID, on connection: SQLiteConnection) throws -> (note: Note?, hasRow: Bool) {
        let row = try storedRow(id, account: account, on: connection)
        return (try? row?.get(), row != nil)
    }
}
