import Foundation
import QuillModels
import SearchIndexInterface
import SQLiteKit

/// One `SearchQuery` as SQL: an FTS5 MATCH expression for its text terms (`FTS5Match`), a tag filter for its
/// tags, ranked by `bm25(note_text, 10, 1)` (a word in the title weighs ten in the body).
struct SQLiteIndexQuery {
    static let titleWeight = 10.0
    static let bodyWeight = 1.0

    let query: SearchQuery
    let matchExpression: String?
    let limit: Int?

    init(_ query: SearchQuery, limit: Int?) {
        self.query = query
        matchExpression = FTS5Match.expression(query)
        self.limit = limit
    }

    func run(_ connection: SQLiteConnection) throws -> [NoteSummary] {
        try topRanked(connection) ?? ranked(connection)
    }

    static let columns = "n.id, n.revision, n.title, n.tags, n.created_ms, n.updated_ms"
    private static let rank = "bm25(note_text, \(titleWeight), \(bodyWeight))"

    /// Every note found, best first: ranked in SQL, ties broken by ID.
    private func ranked(_ connection: SQLiteConnection) throws -> [NoteSummary] {
        var found: [NoteSummary] = []
        let (sql, bindings) = statement()
        try connection.query(sql, bindings) { row in
            if let summary = Self.summary(row) { found.append(summary) }
        }
        return found
    }

    /// With a limit and no tag, the best notes are picked by FTS5 alone, so that a word found in
    /// most notes does not cost a summary read for each. `nil` when the last score kept ties with
    /// the next one: then only the full ranking can break the tie by ID.
    private func topRanked(_ connection: SQLiteConnection) throws -> [NoteSummary]? {
        guard let matchExpression, let limit, query.tags.isEmpty else { return nil }
        var scored: [(rowid: Int64, score: Double)] = []
        try connection.query("SELECT rowid, \(Self.rank) FROM note_text WHERE note_text MATCH ? ORDER BY 2 LIMIT ?",
                             [.text(matchExpression), .limitWithOneMore(limit)]) { row in
            scored.append((row.integer(0), row.double(1)))
        }
        if limit > 0, scored.count > limit, scored[limit - 1].score == scored[limit].score { return nil }
        var rows: [(summary: NoteSummary, score: Double)] = []
        for (rowid, score) in scored.prefix(max(0, limit)) {
            try connection.query("SELECT \(Self.columns) FROM indexed_notes n WHERE n.rowid = ?", [.integer(rowid)]) { row in
                if let summary = Self.summary(row) { rows.append((summary, score)) }
            }
        }
        rows.sort { $0.score != $1.score ? $0.score < $1.score : $0.summary.id.rawValue < $1.summary.id.rawValue }
        return rows.map(\.summary)
    }

    /// A row of `columns` as a summary (`nil` for a row no valid note wrote).
    static func summary(_ row: SQLiteRow) -> NoteSummary? {
        guard let id = NoteID(row.text(0)), let tags = try? Tag.split(row.text(3)) else { return nil }
        return NoteSummary(
            id: id, title: row.text(2), tags: tags,
            created: Date(millisecondsSince1970: row.integer(4)), updated: Date(millisecondsSince1970: row.integer(5)),
            revision: Int(row.integer(1)), isDeleted: false)
    }

    private func statement() -> (String, [SQLiteValue]) {
        // Each tag in the forms a note may hold it in (`Tag.storedForms`).
        let tagFilter = query.tags.map { tag in
            " AND n.rowid IN (SELECT note FROM note_tags WHERE tag IN (\(tag.storedForms.map { _ in "?" }.joined(separator: ", "))))"
        }.joined()
        let tagBindings = query.tags.flatMap { $0.storedForms.map(SQLiteValue.text) }
        let limitClause = limit.map { " LIMIT \(max(0, $0))" } ?? ""
        guard let matchExpression else {
            return ("SELECT \(Self.columns) FROM indexed_notes n WHERE 1\(tagFilter) ORDER BY n.updated_ms DESC, n.id\(limitClause)",
                    tagBindings)
        }
        let sql = "SELECT \(Self.columns) FROM note_text JOIN indexed_notes n ON n.rowid = note_text.rowid"
            + " WHERE note_text MATCH ?\(tagFilter) ORDER BY \(Self.rank), n.id\(limitClause)"
        return (sql, [.text(matchExpression)] + tagBindings)
    }
}
