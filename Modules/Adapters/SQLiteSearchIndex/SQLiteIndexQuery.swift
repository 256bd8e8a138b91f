import Foundation
import QuillModels
import SearchIndexInterface

/// One `SearchQuery` as SQL: an FTS5 MATCH expression for its text terms, a tag filter for its
/// tags, ranked by `bm25(note_text, 10, 1)` (a word in the title weighs ten in the body).
/// Snippets are made only for the notes returned.
struct SQLiteIndexQuery {
    static let titleWeight = 10.0
    static let bodyWeight = 1.0
    static let snippetTokens = 16
    /// Control characters, which people do not type into notes, mark the matches in FTS5's snippet.
    static let open = "\u{2}", close = "\u{3}"

    let matchExpression: String?
    let tags: [Tag]
    let limit: Int?

    init(_ query: SearchQuery, limit: Int?) {
        let phrases = query.terms.compactMap { term -> String? in
            switch term {
            case .word(let word): Self.quoted(word)
            case .prefix(let prefix): Self.quoted(prefix) + "*"
            case .phrase(let words): Self.quoted(words.joined(separator: " "))
            case .tag: nil
            }
        }
        matchExpression = phrases.isEmpty ? nil : phrases.joined(separator: " AND ")
        tags = query.tags
        self.limit = limit
    }

    func run(_ connection: SQLiteConnection) throws -> [SearchHit] {
        var rows: [(rowid: Int64, summary: NoteSummary, text: String)] = []
        let (sql, bindings) = statement()
        try connection.query(sql, bindings) { row in
            guard let id = NoteID(row.text(1)), let tags = try? Tag.split(row.text(4)) else { return }
            let summary = NoteSummary(
                id: id, title: row.text(3), tags: tags,
                created: Date(millisecondsSince1970: row.integer(5)), updated: Date(millisecondsSince1970: row.integer(6)),
                revision: Int(row.integer(2)), isDeleted: false)
            rows.append((row.integer(0), summary, row.text(7)))
        }
        guard let matchExpression else { return rows.map { SearchHit(summary: $0.summary, snippet: Self.opening($0.text)) } }
        if limit == nil { return rows.map { SearchHit(summary: $0.summary, snippet: Self.parse($0.text)) } }
        // With a limit, snippets are made for the notes kept only, one short query each.
        return try rows.map { row in
            var marked = ""
            try connection.query("SELECT \(Self.snippet) FROM note_text WHERE note_text MATCH ? AND rowid = ?",
                                 [.text(matchExpression), .integer(row.rowid)]) { marked = $0.text(0) }
            return SearchHit(summary: row.summary, snippet: Self.parse(marked))
        }
    }

    private static let snippet = "snippet(note_text, 1, '\(open)', '\(close)', '…', \(snippetTokens))"

    private func statement() -> (String, [SQLiteValue]) {
        let columns = "n.rowid, n.id, n.revision, n.title, n.tags, n.created_ms, n.updated_ms"
        let tagFilter = tags.map { _ in " AND n.rowid IN (SELECT note FROM note_tags WHERE tag = ?)" }.joined()
        let tagBindings = tags.map { SQLiteValue.text($0.rawValue) }
        let limitClause = limit.map { " LIMIT \(max(0, $0))" } ?? ""
        guard let matchExpression else {
            return ("SELECT \(columns), t.body FROM indexed_notes n JOIN note_text t ON t.rowid = n.rowid WHERE 1\(tagFilter)"
                    + " ORDER BY n.updated_ms DESC, n.id\(limitClause)", tagBindings)
        }
        let rank = "bm25(note_text, \(Self.titleWeight), \(Self.bodyWeight))"
        let text = limit == nil ? Self.snippet : "''"
        let sql = "SELECT \(columns), \(text) FROM note_text JOIN indexed_notes n ON n.rowid = note_text.rowid"
            + " WHERE note_text MATCH ?\(tagFilter) ORDER BY \(rank), n.id\(limitClause)"
        return (sql, [.text(matchExpression)] + tagBindings)
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Cuts FTS5's marked snippet into runs.
    static func parse(_ marked: String) -> SearchSnippet {
        var runs: [SearchSnippet.Run] = []
        var rest = Substring(marked)
        while let start = rest.range(of: open) {
            if start.lowerBound > rest.startIndex { runs.append(.init(String(rest[..<start.lowerBound]), isMatch: false)) }
            rest = rest[start.upperBound...]
            let end = rest.range(of: close)?.lowerBound ?? rest.endIndex
            runs.append(.init(String(rest[..<end]), isMatch: true))
            rest = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[end...]
        }
        if !rest.isEmpty { runs.append(.init(String(rest), isMatch: false)) }
        return SearchSnippet(runs)
    }

    /// The first words of a body, for a query that matched by tags alone.
    static func opening(_ body: String) -> SearchSnippet {
        var words = 0, end = body.startIndex, inWord = false
        for index in body.indices {
            let isWord = body[index].unicodeScalars.contains(where: SearchText.isWordScalar)
            if isWord, !inWord {
                words += 1
                if words > snippetTokens { break }
            }
            inWord = isWord
            end = body.index(after: index)
        }
        let text = String(body[..<end])
        guard !text.isEmpty else { return SearchSnippet([]) }
        return SearchSnippet([.init(text, isMatch: false)] + (end < body.endIndex ? [.init("…", isMatch: false)] : []))
    }
}
