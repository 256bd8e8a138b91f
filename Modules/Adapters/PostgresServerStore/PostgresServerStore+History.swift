import Foundation
import PostgresNIO
import QuillModels
import ServerStoreInterface

/// Every version of a note: the revisions a note replaced, kept in `note_revisions` as records
/// of what changed (`RevisionRecord`), rebuilt back from the current note; their pruning; the
/// trash (notes whose current revision is a deletion).
extension PostgresServerStore {
    public func history(of id: NoteID, account: AccountID) async throws -> [NoteRevision] {
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                guard let current = try await current(id, account: account, on: connection) else { return [] }
                guard let revisions = RevisionRecord.revisions(current: current, records: try await records(of: id, from: 0, account: account,
                                                                                                            on: connection)) else {
                    throw ServerStoreError.corrupt("the history of note \(id) cannot be rebuilt")
                }
                return revisions
            }
        }
    }

    public func revision(_ revision: Int, of id: NoteID, account: AccountID) async throws -> Note? {
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                guard let current = try await current(id, account: account, on: connection) else { return nil }
                return try await note(current, at: revision, account: account, on: connection)
            }
        }
    }

    public func pruneHistory(_ retention: HistoryRetention, now: Date, dryRun: Bool) async throws -> PrunedHistory {
        guard retention != .all else { return PrunedHistory() }
        return try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                var scan = HistoryPruningScan<AccountID>(retention: retention, now: now)
                for try await (account, note, revision, written, current) in try await connection.query("""
                    SELECT n.account_id, n.id, r.revision, (r.record::json->>'u')::bigint, n.updated_ms
                    FROM note_revisions r JOIN notes n ON n.history_id = r.history_id
                    ORDER BY n.account_id, n.id, r.revision
                    """, logger: logger).decode((Int64, String, Int64, Int64, Int64).self) {
                    scan.add(account: AccountID(account), note: note, revision: revision, writtenMilliseconds: written,
                             currentMilliseconds: current)
                }
                scan.finish()
                if !dryRun, !scan.drops.isEmpty {
                    try await connection.query("""
                        DELETE FROM note_revisions r
                        USING notes n, unnest(\(scan.drops.map(\.account.rawValue))::bigint[], \(scan.drops.map(\.note))::text[],
                                              \(scan.drops.map(\.through))::bigint[]) AS d(account_id, note_id, through)
                        WHERE n.account_id = d.account_id AND n.id = d.note_id AND r.history_id = n.history_id AND r.revision <= d.through
                        """, logger: logger)
                }
                return scan.pruned
            }
        }
    }

    public func deletedNotes(account: AccountID, after: NoteID?, limit: Int) async throws -> NotePage {
        try await guarded {
            let size = max(0, limit)
            let rows = try await client.query("""
                SELECT id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence FROM notes
                WHERE account_id = \(account.rawValue) AND deleted AND id COLLATE "C" > \(after?.rawValue ?? "")
                ORDER BY id COLLATE "C" LIMIT \(Int64(size) + 1)
                """, logger: logger)
            return try await NoteRows.page(rows, limit: size)
        }
    }

    /// The records of the note's revisions from `revision` on, oldest first.
    private func records(of id: NoteID, from revision: Int, account: AccountID, on connection: PostgresConnection) async throws -> [RevisionRecord] {
        var records: [RevisionRecord] = []
        for try await text in try await connection.query("""
            SELECT r.record FROM note_revisions r JOIN notes n ON n.history_id = r.history_id
            WHERE n.account_id = \(account.rawValue) AND n.id = \(id.rawValue) AND r.revision >= \(Int64(revision)) ORDER BY r.revision
            """, logger: logger).decode(String.self) {
            guard let record = try? RevisionRecord.decode(text) else {
                throw ServerStoreError.corrupt("a revision of note \(id) cannot be read")
            }
            records.append(record)
        }
        return records
    }

    /// The note `current` was at `revision`, if its history holds it.
    func note(_ current: Note, at revision: Int, account: AccountID, on connection: PostgresConnection) async throws -> Note? {
        if current.revision == revision { return current }
        return RevisionRecord.note(at: revision, current: current,
                                   records: try await records(of: current.id, from: revision, account: account, on: connection))
    }
}
