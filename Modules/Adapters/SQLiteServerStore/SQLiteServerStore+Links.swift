import Foundation
import QuillModels
import ServerStoreInterface
import SQLiteKit

/// Links in two tables (migration 10): `note_links` holds each live note's links by folded
/// target, `note_names` the names each answers to. `write` keeps them with the note; notes
/// written before migration 10 are indexed when the store migrates (`indexUnlinkedNotes`).
extension SQLiteServerStore: ServerLinkRepository {
    public func links(from id: NoteID, account: AccountID) async throws -> [ResolvedLink] {
        try reading { connection in
            let query = LinkRows(connection: connection, account: account)
            return try query.rows("WHERE l.account_id = ? AND l.note_id = ? ORDER BY l.position",
                                  [.integer(account.rawValue), .text(id.rawValue)]).map(\.link)
        }
    }

    public func backlinks(to id: NoteID, account: AccountID) async throws -> [ResolvedLink] {
        try reading { connection in
            var names: [String] = []
            try connection.query("SELECT name FROM note_names WHERE note_row = (SELECT rowid FROM notes WHERE account_id = ? AND id = ?)",
                                 [.integer(account.rawValue), .text(id.rawValue)]) { names.append($0.text(0)) }
            guard !names.isEmpty else { return [] }
            let query = LinkRows(connection: connection, account: account)
            var found: [(position: LinkPosition, link: ResolvedLink)] = []
            for target in LinkResolution.targets(naming: id, names: names) {
                found += try query.rows("WHERE l.account_id = ? AND l.target = ?", [.integer(account.rawValue), .text(target)])
                    .filter { $0.link.reaches(id) }
            }
            return found.sorted { $0.position < $1.position }.map(\.link)
        }
    }

    public func brokenLinks(account: AccountID, after: LinkPosition?, limit: Int) async throws -> BrokenLinkPage {
        try reading { connection in
            let query = LinkRows(connection: connection, account: account)
            var page = BrokenLinkPageCollector(after: after, limit: limit)
            while true {
                let cursor = page.cursor
                let batch = try query.rows("""
                    WHERE l.account_id = ? AND (l.note_id, l.position) > (?, ?)
                      AND NOT EXISTS (SELECT 1 FROM note_names nn WHERE nn.account_id = l.account_id AND nn.name = l.target)
                    ORDER BY l.note_id, l.position LIMIT ?
                    """, [.integer(account.rawValue), .text(cursor?.note.rawValue ?? ""), .integer(Int64(cursor?.position ?? -1)),
                          .integer(Int64(limit))])
                if let complete = page.add(batch) { return complete }
            }
        }
    }

    /// The statements that take a note's rows away before `writeLinks` writes them again: its
    /// links by account and note ID, its names by the note's rowid (`note_names_by_row`).
    static let linkRowDeletions = (
        links: "DELETE FROM note_links WHERE account_id = ? AND note_id = ?",
        names: "DELETE FROM note_names WHERE note_row = ?"
    )

    /// Writes the rows of `note`, stored at `row` of `notes`, with its links and names (none for
    /// a tombstone), replacing those of the note it replaces if `replacingRows`.
    static func writeLinks(of note: Note, row: Int64, replacingRows: Bool, account: AccountID, on connection: SQLiteConnection) throws {
        let key: [SQLiteValue] = [.integer(account.rawValue), .text(note.id.rawValue)]
        if replacingRows {
            try connection.query(linkRowDeletions.links, key)
            try connection.query(linkRowDeletions.names, [.integer(row)])
        }
        guard !note.isDeleted else { return }
        let entry = LinkIndexEntry(note)
        for (position, link) in entry.links.enumerated() {
            try connection.query("""
                INSERT INTO note_links (account_id, note_id, position, target, written, fragment, label, form, line, context)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """, key + [.integer(Int64(position)), .text(link.foldedTarget), .text(link.target),
                            link.fragment.map(SQLiteValue.text) ?? .null, link.label.map(SQLiteValue.text) ?? .null,
                            .integer(Int64(link.form.rawValue)), .integer(Int64(link.line)), .text(link.context)])
        }
        for (name, match) in entry.names {
            try connection.query("INSERT INTO note_names (account_id, note_id, note_row, name, match) VALUES (?, ?, ?, ?, ?)",
                                 key + [.integer(row), .text(name), .integer(Int64(match.rawValue))])
        }
    }

    /// Gives every note written before migration 10 its rows, a batch per transaction; the
    /// partial index `notes_unlinked` finds them, so with none left this is one index probe.
    func indexUnlinkedNotes() throws {
        while true {
            let indexed = try guarded { connection in
                try connection.transaction {
                    var batch: [(rowid: Int64, account: AccountID, note: Note?)] = []
                    try connection.query("SELECT \(Self.noteColumns), account_id, rowid FROM notes WHERE links_indexed = 0 LIMIT 500") { row in
                        batch.append((row.integer(10), AccountID(row.integer(9)), try? Self.decoded(row).get()))
                    }
                    for (rowid, account, note) in batch {
                        if let note { try Self.writeLinks(of: note, row: rowid, replacingRows: true, account: account, on: connection) }
                        try connection.query("UPDATE notes SET links_indexed = 1 WHERE rowid = ?", [.integer(rowid)])
                    }
                    return batch.count
                }
            }
            if indexed == 0 { return }
        }
    }
}

/// Reads `note_links` rows with their linking note, and each target's candidates, for
/// `LinkReading` to resolve.
private struct LinkRows {
    let connection: SQLiteConnection
    let account: AccountID

    func rows(_ clause: String, _ bindings: [SQLiteValue]) throws -> [(position: LinkPosition, link: ResolvedLink)] {
        var read: [LinkReading<LinkPosition>.Row] = []
        try connection.query("""
            SELECT l.note_id, l.position, n.title, l.written, l.fragment, l.label, l.form, l.line, l.context, l.target
            FROM note_links l JOIN notes n ON n.account_id = l.account_id AND n.id = l.note_id \(clause)
            """, bindings) { row in
            guard let note = NoteID(row.text(0)), let form = NoteLink.Form(rawValue: Int(row.integer(6))) else { return }
            let link = NoteLink(target: row.text(3), fragment: row.optionalText(4), label: row.optionalText(5),
                                form: form, line: Int(row.integer(7)), context: row.text(8))
            read.append(.init(position: LinkPosition(note: note, position: Int(row.integer(1))), source: note, sourceTitle: row.text(2),
                              link: link, target: row.text(9)))
        }
        let reading = LinkReading(read)
        return reading.resolved(try candidates(of: reading.targets))
    }

    /// The account's notes that answer to each target: by name, and by ID prefix where it may be one.
    private func candidates(of targets: [LinkReading<LinkPosition>.Target]) throws -> [String: [LinkResolution.Candidate]] {
        var found: [String: [LinkResolution.Candidate]] = [:]
        for target in targets {
            let add = { (row: SQLiteRow) in
                if let candidate = LinkResolution.Candidate(storedID: row.text(0), title: row.text(1), updatedMilliseconds: row.integer(2),
                                                            match: Int(row.integer(3))) {
                    found[target.folded, default: []].append(candidate)
                }
            }
            try connection.query("""
                SELECT n.id, n.title, n.updated_ms, nn.match FROM note_names nn
                JOIN notes n ON n.account_id = nn.account_id AND n.id = nn.note_id WHERE nn.account_id = ? AND nn.name = ?
                """, [.integer(account.rawValue), .text(target.folded)], row: add)
            if target.byIDPrefix {
                try connection.query("""
                    SELECT id, title, updated_ms, \(LinkResolution.Match.idPrefix.rawValue) FROM notes
                    WHERE account_id = ? AND id >= ? AND id < ? AND deleted = 0 LIMIT 100
                    """, [.integer(account.rawValue), .text(target.folded), .text(target.folded + "g")], row: add)
            }
        }
        return found
    }
}
