import QuillModels

/// Writes and deletes the rows of one note in every table of the index.
enum SQLiteIndexRows {
    static func insert(_ note: Note, in connection: SQLiteConnection) throws {
        var rowid: Int64 = 0
        try connection.query(
            "INSERT INTO indexed_notes (id, revision, title, tags, created_ms, updated_ms) VALUES (?, ?, ?, ?, ?, ?) RETURNING rowid",
            [.text(note.id.rawValue), .integer(Int64(note.revision)), .text(note.title), .text(Tag.joined(note.tags)),
             .integer(note.created.millisecondsSince1970), .integer(note.updated.millisecondsSince1970)]
        ) { rowid = $0.integer(0) }
        try connection.query("INSERT INTO note_text (rowid, title, body) VALUES (?, ?, ?)",
                             [.integer(rowid), .text(note.title), .text(note.body)])
        for tag in note.tags {
            try connection.query("INSERT INTO note_tags (tag, note) VALUES (?, ?)", [.text(tag.rawValue), .integer(rowid)])
        }
    }

    static func remove(_ id: NoteID, in connection: SQLiteConnection) throws {
        var rowid: Int64?
        try connection.query("SELECT rowid FROM indexed_notes WHERE id = ?", [.text(id.rawValue)]) { rowid = $0.integer(0) }
        guard let rowid else { return }
        try connection.query("DELETE FROM note_text WHERE rowid = ?", [.integer(rowid)])
        try connection.query("DELETE FROM note_tags WHERE note = ?", [.integer(rowid)])
        try connection.query("DELETE FROM indexed_notes WHERE rowid = ?", [.integer(rowid)])
    }
}
