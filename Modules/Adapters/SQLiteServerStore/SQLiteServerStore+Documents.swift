import Foundation
import QuillModels
import ServerStoreInterface
import SQLiteKit

/// Each note's JSON as the API writes it, kept in the `document` column beside the columns it
/// is made of: a note read and the change feed copy it instead of building it.
extension SQLiteServerStore {
    /// From the `document` column, written with every note since schema version 3; `nil` for
    /// a note written before (the caller then reads it as a `Note`).
    public func encodedNote(_ id: NoteID, account: AccountID) async throws -> EncodedNote? {
        try reading { connection in
            var found: EncodedNote?
            try connection.query("SELECT revision, deleted, document FROM notes WHERE account_id = ? AND id = ? AND document IS NOT NULL",
                                 [.integer(account.rawValue), .text(id.rawValue)]) { row in
                var json: [UInt8] = []
                row.appendText(2, to: &json)
                found = EncodedNote(revision: Int(row.integer(0)), isDeleted: row.integer(1) != 0, json: json)
            }
            return found
        }
    }

    public func encodedChanges(account: AccountID, after cursor: ChangeCursor, limit: Int) async throws -> EncodedChangePage? {
        try reading { connection in
            let size = max(0, limit)
            var page = EncodedChangePageBuilder()
            var last = cursor.sequence
            var hasMore = false
            var complete = true
            try connection.query("""
                SELECT sequence, document FROM notes WHERE account_id = ? AND sequence > ? ORDER BY sequence LIMIT ?
                """, [.integer(account.rawValue), .integer(cursor.sequence), .limitWithOneMore(size)]) { row in
                guard page.count < size else {
                    hasMore = true
                    return
                }
                guard !row.isNull(1) else {
                    complete = false
                    return
                }
                page.appendNote { row.appendText(1, to: &$0) }
                last = row.integer(0)
            }
            guard complete else { return nil }
            return page.page(next: ChangeCursor(sequence: last), hasMore: hasMore)
        }
    }
}
