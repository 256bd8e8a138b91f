import Foundation
import PostgresNIO
import QuillModels
import ServerStoreInterface

/// Each note's JSON as the API writes it, kept in the `document` column (migration 21) beside the
/// columns it is made of: a read and the change feed copy it, where building it from the columns
/// was most of the server's work in a pull. NULL where it is not known (see the migration); the
/// reads then answer `nil` and the caller reads `Note`s.
extension PostgresServerStore {
    public func encodedNote(_ id: NoteID, account: AccountID) async throws -> EncodedNote? {
        try await guarded {
            let rows = try await client.query("""
                SELECT revision, deleted, document FROM notes
                WHERE account_id = \(account.rawValue) AND id = \(id.rawValue) AND document IS NOT NULL
                """, logger: logger)
            for try await (revision, deleted, document) in rows.decode((Int64, Bool, ByteBuffer).self) {
                return EncodedNote(revision: Int(revision), isDeleted: deleted, json: Array(document.readableBytesView))
            }
            return nil
        }
    }

    public func encodedChanges(account: AccountID, after cursor: ChangeCursor, limit: Int) async throws -> EncodedChangePage? {
        try await guarded {
            let size = max(0, limit)
            // One row more than asked for tells whether another page follows.
            let rows = try await client.query("""
                SELECT sequence, document FROM notes
                WHERE account_id = \(account.rawValue) AND sequence > \(cursor.sequence)
                ORDER BY sequence LIMIT \(Int64(size) + 1)
                """, logger: logger)
            var page = EncodedChangePageBuilder()
            var last = cursor.sequence
            var hasMore = false
            var complete = true
            for try await (sequence, document) in rows.decode((Int64, ByteBuffer?).self) {
                guard page.count < size else {
                    hasMore = true
                    continue
                }
                guard let document, complete else {
                    complete = false
                    continue
                }
                page.appendNote { $0.append(contentsOf: document.readableBytesView) }
                last = sequence
            }
            return complete ? page.page(next: ChangeCursor(sequence: last), hasMore: hasMore) : nil
        }
    }

    /// Gives every note without a document (written before migration 21, or rewritten by a
    /// server of the previous release) its JSON, a batch per transaction, in key order; the
    /// partial index `notes_undocumented` finds them, so with none left this is one index probe.
    /// A row that cannot be read as a note keeps none (its reads go through the columns, which
    /// report it). Several processes starting together each take other rows (`SKIP LOCKED`).
    func documentUndocumentedNotes() async throws {
        var after: (account: Int64, id: String) = (0, "")
        while true {
            let last: (Int64, String)? = try await guarded {
                try await client.withTransaction(logger: logger) { connection in
                    let rows = try await connection.query("""
                        SELECT account_id, id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence FROM notes
                        WHERE document IS NULL AND (account_id, id) > (\(after.account), \(after.id))
                        ORDER BY account_id, id LIMIT 500 FOR UPDATE SKIP LOCKED
                        """, logger: logger)
                    var accounts: [Int64] = [], ids: [String] = [], documents: [String] = []
                    var last: (Int64, String)?
                    for try await (account, id, title, body, tags, created, updated, revision, deleted, sequence)
                        in rows.decode((Int64, String, String, String, String, Int64, Int64, Int64, Bool, Int64).self) {
                        last = (account, id)
                        guard case .success(let note) = NoteRows.decoded((id, title, body, tags, created, updated, revision, deleted, sequence))
                        else { continue }
                        accounts.append(account)
                        ids.append(id)
                        documents.append(String(decoding: NoteDocument(note).jsonBytes(), as: UTF8.self))
                    }
                    // The change number stays, so the trigger keeps the document given here.
                    try await connection.query("""
                        UPDATE notes SET document = d.document
                        FROM unnest(\(accounts)::bigint[], \(ids)::text[], \(documents)::text[]) AS d(account_id, id, document)
                        WHERE notes.account_id = d.account_id AND notes.id = d.id
                        """, logger: logger)
                    return last
                }
            }
            guard let last else { return }
            after = last
        }
    }
}
