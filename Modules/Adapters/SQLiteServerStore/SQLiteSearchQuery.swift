import QuillModels

/// A `SearchQuery` as an FTS5 `MATCH` expression and a tag filter for the `notes_search` index.
///
/// Every word reaches FTS5 as a string token (`"…"`, a `"` inside doubled), so nothing a user
/// types (`*`, `:`, `^`, `NEAR`, `AND`, parentheses, column names) is read as FTS5 syntax: the
/// only operators are the ones written here (`AND` between terms, `*` after a prefix).
struct SQLiteSearchQuery {
    /// The expression for `notes_search MATCH ?`; `nil` when the query has tag terms only.
    let match: String?
    /// The tags every result carries: the query's `tag:` terms and the request's tag filter.
    let tags: [Tag]

    init(_ query: SearchQuery, tagged tag: Tag?) {
        let text = query.terms.compactMap { term -> String? in
            switch term {
            case .word(let word): Self.quoted(word)
            case .prefix(let prefix): Self.quoted(prefix) + "*"
            case .phrase(let words): Self.quoted(words.joined(separator: " "))
            case .tag: nil
            }
        }
        match = text.isEmpty ? nil : text.joined(separator: " AND ")
        var tags: [Tag] = []
        for candidate in query.tags + (tag.map { [$0] } ?? []) where !tags.contains(candidate) { tags.append(candidate) }
        self.tags = tags
    }

    /// An FTS5 string: the text in double quotes, each `"` in it doubled.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacing("\"", with: "\"\"") + "\""
    }
}
