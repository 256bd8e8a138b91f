import Foundation
import PostgresNIO
import QuillModels
import ServerStoreInterface

/// What sync reads and writes: the change feed (each write takes the account's next change
/// number, `notes.sequence`) and a push, decided note by note by `PushRule` in one transaction
/// and kept under its request ID, so that a push sent again is answered as the first time.
extension PostgresServerStore {
    public func changes(account: AccountID, after cursor: ChangeCursor, limit: Int) async throws -> AccountChangePage {
        try await guarded {
            let size = max(0, limit)
            // One row more than asked for tells whether another page follows.
            let rows = try await client.query("""
                SELECT id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence FROM notes
                WHERE account_id = \(account.rawValue) AND sequence > \(cursor.sequence)
                ORDER BY sequence LIMIT \(Int64(size) + 1)
                """, logger: logger)
            var notes: [Note] = [], cursors: [ChangeCursor] = [], unreadable: [UnreadableNote] = []
            var last = cursor.sequence
            var hasMore = false
            for try await row in rows.decode(NoteRow.self) {
                guard notes.count + unreadable.count < size else {
                    hasMore = true
                    continue
                }
                switch NoteRows.decoded(row) {
                case .success(let note):
                    notes.append(note)
                    cursors.append(ChangeCursor(sequence: row.8))
                case .failure(let damaged): unreadable.append(damaged)
                }
                last = row.8
            }
            return AccountChangePage(notes: notes, cursors: cursors, next: ChangeCursor(sequence: last), hasMore: hasMore, unreadable: unreadable)
        }
    }

    public func latestCursor(account: AccountID) async throws -> ChangeCursor {
        try await guarded {
            try await client.withConnection { ChangeCursor(sequence: try await latestSequence(account: account, on: $0)) }
        }
    }

    public func push(_ changes: [PushedChange], requestID: PushRequestID, digest: PushDigest, account: AccountID, at now: Date,
                     forgettingBefore: Date, keeping: @Sendable ([PushOutcome]) -> String) async throws -> PushStoring {
        let answer = try await writing(account) { connection -> PushStoring in
            let oldest = forgettingBefore.millisecondsSince1970
            try await connection.query(
                "DELETE FROM push_requests WHERE account_id = \(account.rawValue) AND created_ms < \(oldest)", logger: logger)
            let stored = try await connection.query("""
                SELECT outcomes, digest, written_after, written_through FROM push_requests
                WHERE account_id = \(account.rawValue) AND request_id = \(requestID.rawValue)
                """, logger: logger)
            for try await (text, recorded, after, through) in stored.decode((String, String?, Int64?, Int64?).self) {
                return .kept(KeptPush(outcomes: text, digest: recorded.map(PushDigest.init), written: WrittenChanges(after: after, through: through)))
            }
            let latestBefore = try await latestSequence(account: account, on: connection)
            // Decided against one read of the batch's stored notes (a note pushed twice in one
            // request is decided against its first write), then written by one statement.
            var current = try await readableCurrent(changes.map(\.note.id), account: account, on: connection)
            let ancestors = try await mergeAncestors(of: changes, current: current, account: account, on: connection)
            var outcomes: [PushOutcome] = []
            var writes: [Note] = []
            var documents: [[UInt8]] = []
            var replaced: [KeptRevision] = []
            outcomes.reserveCapacity(changes.count)
            for change in changes {
                let decision = try PushRule.decide(change, current: current[change.note.id]) { ancestors[change.note.id]?[$0] }
                switch decision {
                case .store(let note), .merged(let note):
                    let merged = if case .merged = decision { true } else { false }
                    if let old = current[note.id] {
                        replaced.append(KeptRevision(replaced: old, replacing: note, mergeAncestor: merged ? change.baseRevision : nil))
                    }
                    current[note.id] = note
                    writes.append(note)
                    documents.append(change.document(of: note))
                    outcomes.append(merged ? .merged(note) : .applied(note))
                case .conflict(let server): outcomes.append(.conflict(server))
                }
            }
            try await write(writes, documents: documents, account: account, on: connection)
            try await keep(replaced, origin: .sync, account: account, on: connection)
            let encoded = keeping(outcomes)
            let latest = try await latestSequence(account: account, on: connection)
            try await connection.query("""
                INSERT INTO push_requests (account_id, request_id, outcomes, created_ms, digest, written_after, written_through)
                VALUES (\(account.rawValue), \(requestID.rawValue), \(encoded), \(now.millisecondsSince1970), \(digest.rawValue),
                        \(latestBefore), \(latest))
                """, logger: logger)
            return .applied(PushAnswer(outcomes: outcomes, written: WrittenChanges(after: ChangeCursor(sequence: latestBefore),
                                                                                   through: ChangeCursor(sequence: latest))))
        }
        await measureTablesIfGrown()
        return answer
    }

    /// The stored notes a push decides against, by ID. A stored copy that cannot be read counts as
    /// lost (as `PushRule` puts it), so the pushed note replaces, and so repairs, the record instead
    /// of failing the whole push.
    private func readableCurrent(_ ids: [NoteID], account: AccountID, on connection: PostgresConnection) async throws -> [NoteID: Note] {
        let rows = try await connection.query("""
            SELECT id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence FROM notes
            WHERE account_id = \(account.rawValue) AND id = ANY(\(ids.map(\.rawValue)))
            """, logger: logger)
        var found: [NoteID: Note] = [:]
        for try await row in rows.decode(NoteRow.self) {
            if case .success(let note) = NoteRows.decoded(row) { found[note.id] = note }
        }
        return found
    }

    /// The revisions a push's merges start from, by note and revision: for each change that may
    /// merge and is based on an older revision than the stored one, that revision if the history
    /// holds it. (Read before deciding, since the decision runs without the connection.)
    private func mergeAncestors(of changes: [PushedChange], current: [NoteID: Note], account: AccountID,
                                on connection: PostgresConnection) async throws -> [NoteID: [Int: Note]] {
        var ancestors: [NoteID: [Int: Note]] = [:]
        for change in changes where change.mayMerge {
            guard let base = change.baseRevision, let stored = current[change.note.id], base < stored.revision,
                  ancestors[change.note.id]?[base] == nil,
                  let ancestor = try await note(stored, at: base, account: account, on: connection) else { continue }
            ancestors[change.note.id, default: [:]][base] = ancestor
        }
        return ancestors
    }
}
