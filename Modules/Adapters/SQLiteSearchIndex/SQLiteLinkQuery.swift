import Foundation
import QuillModels
import SearchIndexInterface
import SQLiteKit

/// The link index's questions as SQL: the rows of `note_links` each question needs, and each
/// target's candidates, handed to the model (`LinkReading`) to resolve.
///
/// A backlink is found from the note's side: the links whose folded target is one of its names
/// or a prefix of its ID (one index lookup each), kept when they resolve to it. A broken link is
/// one whose target no name answers to (an anti-join) and that is no ID prefix of a note.
struct SQLiteLinkQuery {
    let connection: SQLiteConnection

    init(_ connection: SQLiteConnection) {
        self.connection = connection
    }

    private static let columns = "s.id, s.title, l.written, l.fragment, l.label, l.form, l.line, l.context, l.target"
    private static let from = "FROM note_links l JOIN indexed_notes s ON s.rowid = l.note"

    func links(from id: NoteID) throws -> [ResolvedLink] {
        try rows("SELECT \(Self.columns) \(Self.from) WHERE s.id = ? ORDER BY l.position", [.text(id.rawValue)])
    }

    func backlinks(to id: NoteID) throws -> [ResolvedLink] {
        var names: [String] = []
        try connection.query("SELECT nn.name FROM note_names nn JOIN indexed_notes n ON n.rowid = nn.note WHERE n.id = ?",
                             [.text(id.rawValue)]) { names.append($0.text(0)) }
        guard !names.isEmpty else { return [] }
        var found: [ResolvedLink] = []
        for target in LinkResolution.targets(naming: id, names: names) {
            found += try rows("SELECT \(Self.columns) \(Self.from) WHERE l.target = ?", [.text(target)])
                .filter { $0.reaches(id) }
        }
        return found.sortedByLinkingNote()
    }

    func links(_ selection: LinkSelection) throws -> [ResolvedLink] {
        let order = " ORDER BY l.note, l.position"
        switch selection {
        case .all:
            return try rows("SELECT \(Self.columns) \(Self.from)" + order, []).sortedByLinkingNote()
        case .broken:
            let unnamed = "NOT EXISTS (SELECT 1 FROM note_names nn WHERE nn.name = l.target)"
            return try rows("SELECT \(Self.columns) \(Self.from) WHERE \(unnamed)" + order, [])
                .filter(\.resolution.isBroken).sortedByLinkingNote()
        case .ambiguous:
            let shared = "l.target IN (SELECT name FROM note_names GROUP BY name HAVING count(*) > 1)"
            let byID = "(length(l.target) >= \(LinkResolution.minimumIDPrefix) AND l.target NOT GLOB '*[^0-9a-f]*')"
            return try rows("SELECT \(Self.columns) \(Self.from) WHERE \(shared) OR \(byID)" + order, [])
                .filter(\.resolution.isAmbiguous).sortedByLinkingNote()
        }
    }

    /// The links `sql` selects (`columns`), resolved by `LinkReading`.
    private func rows(_ sql: String, _ bindings: [SQLiteValue]) throws -> [ResolvedLink] {
        var read: [LinkReading<Int>.Row] = []
        try connection.query(sql, bindings) { row in
            guard let source = NoteID(row.text(0)), let form = NoteLink.Form(rawValue: Int(row.integer(5))) else { return }
            let link = NoteLink(target: row.text(2), fragment: row.optionalText(3), label: row.optionalText(4),
                                form: form, line: Int(row.integer(6)), context: row.text(7))
            read.append(.init(position: read.count, source: source, sourceTitle: row.text(1), link: link, target: row.text(8)))
        }
        let reading = LinkReading(read)
        return reading.resolved(try candidates(of: reading.targets)).map(\.link)
    }

    /// The notes that answer to each target: by name, and by ID prefix where it may be one.
    private func candidates(of targets: [LinkReading<Int>.Target]) throws -> [String: [LinkResolution.Candidate]] {
        var found: [String: [LinkResolution.Candidate]] = [:]
        for target in targets {
            let add = { (row: SQLiteRow) in
                if let candidate = LinkResolution.Candidate(storedID: row.text(0), title: row.text(1), updatedMilliseconds: row.integer(2),
                                                            match: Int(row.integer(3))) {
                    found[target.folded, default: []].append(candidate)
                }
            }
            try connection.query(
                "SELECT n.id, n.title, n.updated_ms, nn.match FROM note_names nn JOIN indexed_notes n ON n.rowid = nn.note WHERE nn.name = ?",
                [.text(target.folded)], row: add)
            if target.byIDPrefix {
                try connection.query(
                    "SELECT id, title, updated_ms, \(LinkResolution.Match.idPrefix.rawValue) FROM indexed_notes WHERE id >= ? AND id < ? LIMIT 100",
                    [.text(target.folded), .text(target.folded + "g")], row: add)
            }
        }
        return found
    }
}
