import QuillModels
import SearchIndexInterface
import SQLiteKit

/// Writes and deletes the rows of one note in every table of the index.
///
/// The new rowid is read with `sqlite3_last_insert_rowid`, not `RETURNING`: a `RETURNING`
/// statement can make FTS5 flush its pending terms to a new segment, one per note, which made a
/// 100,000-note build 2.5 times slower (measured with SQLite 3.40, `Tools/benchmarks/search.sh`).
enum SQLiteIndexRows {
    /// Indexes `note`, replacing the rows of an earlier revision. The insert comes first: only
    /// when the ID is already indexed (its unique index says so) are the old rows looked up and
    /// removed, so a first build does no lookup per note.
    static func insertOrReplace(_ entry: IndexedNote, in connection: SQLiteConnection) throws {
        if try !insert(entry, in: connection) {
            try remove(entry.note.id, in: connection)
            guard try insert(entry, in: connection) else { throw SQLiteError.constraintViolation("\(entry.note.id) is still indexed") }
        }
    }

    /// `false`, writing nothing, if the ID is already indexed.
    private static func insert(_ entry: IndexedNote, in connection: SQLiteConnection) throws -> Bool {
        let note = entry.note
        try connection.query(
            "INSERT INTO indexed_notes (id, revision, title, tags, created_ms, updated_ms) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING",
            [.text(note.id.rawValue), .integer(Int64(note.revision)), .text(note.title), .text(Tag.joined(note.tags)),
             .integer(note.created.millisecondsSince1970), .integer(note.updated.millisecondsSince1970)])
        guard connection.changes > 0 else { return false }
        let rowid = connection.lastInsertedRowID
        try connection.query("INSERT INTO note_text (rowid, title, body) VALUES (?, ?, ?)",
                             [.integer(rowid), .text(entry.indexableTitle), .text(entry.indexableBody)])
        for tag in note.tags {
            try connection.query("INSERT INTO note_tags (tag, note) VALUES (?, ?)", [.text(tag.rawValue), .integer(rowid)])
        }
        try insertLinks(entry.links, rowid: rowid, in: connection)
        if entry.refersToAttachments {
            try connection.query("INSERT INTO note_attachments (note) VALUES (?)", [.integer(rowid)])
        }
        return true
    }

    static func remove(_ id: NoteID, in connection: SQLiteConnection) throws {
        var rowid: Int64?
        try connection.query("SELECT rowid FROM indexed_notes WHERE id = ?", [.text(id.rawValue)]) { rowid = $0.integer(0) }
        guard let rowid else { return }
        try connection.query("DELETE FROM note_text WHERE rowid = ?", [.integer(rowid)])
        try connection.query("DELETE FROM note_tags WHERE note = ?", [.integer(rowid)])
        try connection.query("DELETE FROM note_links WHERE note = ?", [.integer(rowid)])
        try connection.query("DELETE FROM note_names WHERE note = ?", [.integer(rowid)])
        try connection.query("DELETE FROM note_attachments WHERE note = ?", [.integer(rowid)])
        try connection.query("DELETE FROM indexed_notes WHERE rowid = ?", [.integer(rowid)])
    }

    /// The note's links and the names it answers to (`LinkIndexEntry`).
    private static func insertLinks(_ entry: LinkIndexEntry, rowid: Int64, in connection: SQLiteConnection) throws {
        for (position, link) in entry.links.enumerated() {
            try connection.query(
                "INSERT INTO note_links (note, position, target, written, fragment, label, form, line, context) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [.integer(rowid), .integer(Int64(position)), .text(link.foldedTarget), .text(link.target),
                 link.fragment.map(SQLiteValue.text) ?? .null, link.label.map(SQLiteValue.text) ?? .null,
                 .integer(Int64(link.form.rawValue)), .integer(Int64(link.line)), .text(link.context)])
        }
        for (name, match) in entry.names {
            try connection.query("INSERT INTO note_names (name, note, match) VALUES (?, ?, ?)",
                                 [.text(name), .integer(rowid), .integer(Int64(match.rawValue))])
        }
    }
}
