import Foundation
import QuillModels
import ServerStoreInterface
import SQLiteKit
@testable import SQLiteServerStore

/// Writes notes into a SQLite store of an earlier schema version as a server of that version
/// did, in SQL: the current code writes columns such a schema lacks. Each note's row goes in
/// under the account's next change number, where that version's triggers index its text. Its
/// links and names are left for the upgrade to index (`links_indexed = 0`), or, with
/// `namesByID`, written as schema versions 10 to 16 wrote them: by account and note ID alone.
enum EarlierSQLiteServer {
    static func write(_ notes: [Note], account: AccountID, databaseAt path: String, namesByID: Bool = false) throws {
        let connection = try SQLiteConnection.serverStore(path: path)
        defer { connection.close() }
        try connection.transaction {
            for note in notes {
                var sequence: Int64 = 0
                try connection.query("UPDATE accounts SET last_sequence = last_sequence + 1 WHERE id = ? RETURNING last_sequence",
                                     [.integer(account.rawValue)]) { sequence = $0.integer(0) }
                try connection.query("""
                    INSERT INTO notes (account_id, id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence, links_indexed)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)
                    """, [.integer(account.rawValue), .text(note.id.rawValue), .text(note.title), .text(note.body), .text(Tag.joined(note.tags)),
                          .integer(note.created.millisecondsSince1970), .integer(note.updated.millisecondsSince1970),
                          .integer(Int64(note.revision)), .integer(sequence), .integer(namesByID ? 1 : 0)])
                guard namesByID else { continue }
                for (name, match) in LinkIndexEntry(note).names {
                    try connection.query("INSERT INTO note_names (account_id, note_id, name, match) VALUES (?, ?, ?, ?)",
                                         [.integer(account.rawValue), .text(note.id.rawValue), .text(name), .integer(Int64(match.rawValue))])
                }
            }
        }
    }
}
