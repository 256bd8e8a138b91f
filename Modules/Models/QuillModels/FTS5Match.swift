/// A `SearchQuery` as the `MATCH` expression of an SQLite FTS5 table that indexes
/// `SearchText.indexable` text (the CLI's with the `ascii` tokenizer, the server's SQLite store
/// with `unicode61`). Every FTS5-backed index writes its queries here, so they agree: the query's
/// words are folded already, and the table's tokenizer takes them as it takes the text.
///
/// Every word reaches FTS5 as a string token (`"…"`, a `"` inside doubled), so nothing a user
/// types (`*`, `:`, `^`, `NEAR`, `AND`, parentheses, column names) is read as FTS5 syntax: the
/// only operators are the ones written here (`AND` between terms, `*` after a prefix).
public enum FTS5Match {
    /// The expression for `MATCH ?`; `nil` when the query has tag terms only.
    public static func expression(_ query: SearchQuery) -> String? {
        let terms = query.terms.compactMap { term -> String? in
            switch term {
            case .word(let word): quoted(word)
            case .prefix(let prefix): quoted(prefix) + "*"
            case .phrase(let words): quoted(words.joined(separator: " "))
            case .tag: nil
            }
        }
        return terms.isEmpty ? nil : terms.joined(separator: " AND ")
    }

    /// An FTS5 string: the text in double quotes, each `"` in it doubled.
    static func quoted(_ text: String) -> String {
        "\"" + text.replacing("\"", with: "\"\"") + "\""
    }
}
