import QuillModels

/// Notes and searches as PostgreSQL full-text values, folded by `SearchText` in Swift so that
/// PostgreSQL matches exactly what the other stores match (its own parsers cut words otherwise:
/// `e-mail`, URLs, numbers), with no extension (`unaccent`) to install.
///
/// A note's vector is sent in binary (`PostgresVector`); a search is `tsquery` input text in
/// which every lexeme is quoted (`'…'`, with `'` and `\` escaped), so text from a query is never
/// read as syntax: the only operators are the ones written here.
enum PostgresSearchText {
    /// PostgreSQL's limits: a lexeme under 2 KiB, positions up to 16,383, 256 positions per
    /// lexeme, 1 MiB of lexemes and positions per vector. Words past them are not indexed (as
    /// `to_tsvector` skips them too); this is the documented limit of search on PostgreSQL.
    static let maximumLexemeBytes = 2046
    static let maximumPosition = 16383
    static let maximumPositionsPerLexeme = 256
    static let maximumVectorBytes = 1_000_000

    /// A note's `tsvector`: the title's words at weight A (ranked above the body's, at D), the
    /// body's after a gap so that a phrase never runs from the title into the body.
    static func vector(title: String, body: String) -> PostgresVector {
        PostgresASCIIVector.vector(title: title, body: body) ?? generalVector(title: title, body: body)
    }

    /// `vector` for any text, folded by `SearchText`.
    static func generalVector(title: String, body: String) -> PostgresVector {
        // Each lexeme once, in order of first appearance, with its positions (a title position carries weight A).
        var slots: [String: Int] = [:]
        var lexemes: [String] = []
        var positions: [[(position: Int, inTitle: Bool)]] = []
        func add(_ words: [String], from start: Int, inTitle: Bool) {
            for (offset, word) in words.enumerated() where word.utf8.count <= maximumLexemeBytes {
                let slot: Int
                if let known = slots[word] {
                    slot = known
                } else {
                    slot = lexemes.count
                    slots[word] = slot
                    lexemes.append(word)
                    positions.append([])
                }
                positions[slot].append((start + offset, inTitle))
            }
        }
        let titleWords = SearchText.words(title)
        add(titleWords, from: 1, inTitle: true)
        add(SearchText.words(body), from: titleWords.count + 2, inTitle: false)
        var vector = PostgresVector.Builder()
        for (slot, lexeme) in lexemes.enumerated() {
            guard vector.begin(lexeme: lexeme.utf8) else { break }
            for entry in positions[slot] { vector.add(position: entry.position, inTitle: entry.inTitle) }
        }
        return vector.finish()
    }

    /// The `tsquery` of a query's text terms (all must match), `nil` if it has tag terms only.
    /// Throws `Unmatchable` for a word longer than any indexed lexeme, which no note can match.
    static func query(_ query: SearchQuery) throws(Unmatchable) -> String? {
        var parts: [String] = []
        for term in query.terms {
            switch term {
            case .word(let word): parts.append(try lexeme(word))
            case .prefix(let prefix): parts.append(try lexeme(prefix) + ":*")
            case .phrase(let words): parts.append("(" + (try words.map { word throws(Unmatchable) in try lexeme(word) }).joined(separator: " <-> ") + ")")
            case .tag: continue
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " & ")
    }

    /// A query word no stored lexeme can equal or start with.
    struct Unmatchable: Error {}

    private static func lexeme(_ word: String) throws(Unmatchable) -> String {
        guard !word.isEmpty, word.utf8.count <= maximumLexemeBytes else { throw Unmatchable() }
        return quoted(word)
    }

    /// A lexeme in single quotes, `'` doubled and `\` escaped, as `tsvector` and `tsquery` input reads it.
    static func quoted(_ word: String) -> String {
        guard word.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "'") }) else { return "'" + word + "'" }
        return "'" + word.replacing("\\", with: "\\\\").replacing("'", with: "''") + "'"
    }
}
