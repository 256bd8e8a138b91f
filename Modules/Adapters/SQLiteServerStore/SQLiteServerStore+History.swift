import Foundation
import QuillModels
import ServerStoreInterface
import SQLiteKit

/// Every version of a note: the revisions a note replaced, kept in `note_revisions` as records
/// of what changed (`RevisionRecord`), rebuilt back from the current note; their pruning; the
/// trash (notes whose current revision is a deletion).
extension SQLiteServerStore {
    public func history(of id: NoteID, account: AccountID) async throws -> [NoteRevision] {
        try reading { connection in
            try connection.transaction(immediate: false) {
                guard let current = try current(id, account: account, on: connection) else { return [] }
                guard let revisions = RevisionRecord.revisions(current: current, records: try records(of: id, from: 0, account: account, on: connection)) else {
                    throw ServerStoreError.corrupt("the history of note \(id) cannot be rebuilt")
                }
                return revisions
            }
        }
    }

    public func revision(_ revision: Int, of id: NoteID, account: AccountID) async throws -> Note? {
        try reading { connection in
            try connection.transaction(immediate: false) {
                guard let current = try current(id, account: account, on: connection) else { return nil }
                return try note(current, at: revision, account: account, on: connection)
            }
        }
    }

    public func pruneHistory(_ retention: HistoryRetention, now: Date, dryRun: Bool) async throws -> PrunedHistory {
        guard retention != .all else { return PrunedHistory() }
        return try guarded { connection in
            try connection.transaction {
                var scan = HistoryPruningScan<AccountID>(retention: retention, now: now)
                try connection.query("""
                    SELECT r.account_id, r.note_id, r.revision, json_extract(r.record, '$.u'), n.updated_ms
                    FROM note_revisions r JOIN notes n ON n.account_id = r.account_id AND n.id = r.note_id
                    ORDER BY r.account_id, r.note_id, r.revision
                    """) { row in
                    scan.add(account: AccountID(row.integer(0)), note: row.text(1), revision: row.integer(2),
                             writtenMilliseconds: row.integer(3), currentMilliseconds: row.integer(4))
                }
                scan.finish()
                if !dryRun {
                    for drop in scan.drops {
                        try connection.query("DELETE FROM note_revisions WHERE account_id = ? AND note_id = ? AND revision <= ?",
                                             [.integer(drop.account.rawValue), .text(drop.note), .integer(drop.through)])
                    }
                }
                return scan.pruned
            }
        }
    }

    public func deletedNotes(account: AccountID, after: NoteID?, limit: Int) async throws -> NotePage {
        try reading { connection in
            try Self.page(limit: limit, on: connection, """
                SELECT \(Self.noteColumns) FROM notes WHERE account_id = ? AND deleted = 1 AND id > ? ORDER BY id LIMIT ?
                """, [.integer(account.rawValue), .text(after?.rawValue ?? ""), .limitWithOneMore(limit)])
        }
    }

    /// The records of the note's revisions from `revision` on, oldest first.
    private func records(of id: NoteID, from revision: Int, account: AccountID, on connection: SQLiteConnection) throws -> [RevisionRecord] {
        var records: [RevisionRecord] = []
        try connection.query("SELECT record FROM note_revisions WHERE account_id = ? AND note_id = ? AND revision >= ? ORDER BY revision",
                             [.integer(account.rawValue), .text(id.rawValue), .integer(Int64(revision))]) { row in
            guard let record = try? RevisionRecord.decode(row.text(0)) else {
                throw ServerStoreError.corrupt("a revision of note \(id) cannot be read")
            }
            records.append(record)
        }
        return records
    }

    /// The note `current` was at `revision`, if its history holds it.
    func note(_ current: Note, at revision: Int, account: AccountID, on connection: SQLiteConnection) throws -> Note? {
        if current.revision == revision { return current }
        return RevisionRecord.note(at: revision, current: current,
                                   records: try records(of: current.id, from: revision, account: account, on: connection))
    }
}
