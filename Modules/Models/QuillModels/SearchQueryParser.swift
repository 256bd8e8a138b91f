/// Reads `SearchQuery`'s language from typed text. Lenient where a person would be: an
/// unclosed quote runs to the end, punctuation-only words are ignored, repeated terms count once.
struct SearchQueryParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    mutating func terms() throws(SearchQueryError) -> [SearchQuery.Term] {
        var terms: [SearchQuery.Term] = []
        func add(_ term: SearchQuery.Term) {
            if !terms.contains(term) { terms.append(term) }
        }
        while let scalar = peek() {
            if scalar.properties.isWhitespace {
                index += 1
            } else if scalar == "\"" {
                index += 1
                let (words, open) = SearchText.queryWords(read { $0 != "\"" })
                index += 1 // the closing quote, if there is one
                for term in Self.terms(words, open: open) { add(term) }
            } else {
                for term in try Self.terms(ofRun: read { !$0.properties.isWhitespace && $0 != "\"" }) { add(term) }
            }
        }
        return terms
    }

    /// The terms of one run of text between white space: `tag:x`, `prefix*` or words.
    private static func terms(ofRun run: String) throws(SearchQueryError) -> [SearchQuery.Term] {
        if run.count > 4, run.prefix(4).lowercased() == "tag:" {
            let text = String(run.dropFirst(4))
            do { return [.tag(try Tag(text))] } catch { throw .invalidTag(text, error) }
        }
        var (words, open) = SearchText.queryWords(run)
        if run.hasSuffix("*"), open == nil {
            guard let last = words.popLast() else { return [] }
            return words.map(SearchQuery.Term.word) + [.prefix(last)]
        }
        return terms(words, open: open)
    }

    /// The terms of a run's or a phrase's words: one word, or a phrase; and a CJK character
    /// that ends them as a prefix (`SearchText.queryWords`).
    private static func terms(_ words: [String], open: String?) -> [SearchQuery.Term] {
        (wordsTerm(words).map { [$0] } ?? []) + (open.map { [.prefix($0)] } ?? [])
    }

    private static func wordsTerm(_ words: [String]) -> SearchQuery.Term? {
        switch words.count {
        case 0: nil
        case 1: .word(words[0])
        default: .phrase(words)
        }
    }

    private func peek() -> Unicode.Scalar? {
        index < scalars.count ? scalars[index] : nil
    }

    private mutating func read(while belongs: (Unicode.Scalar) -> Bool) -> String {
        var text = String.UnicodeScalarView()
        while let scalar = peek(), belongs(scalar) {
            text.append(scalar)
            index += 1
        }
        return String(text)
    }
}
