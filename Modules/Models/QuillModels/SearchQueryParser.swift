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
                let words = SearchText.words(read { $0 != "\"" })
                index += 1 // the closing quote, if there is one
                if let term = Self.wordsTerm(words) { add(term) }
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
        if run.hasSuffix("*") {
            var words = SearchText.words(run)
            guard let last = words.popLast() else { return [] }
            return words.map(SearchQuery.Term.word) + [.prefix(last)]
        }
        return wordsTerm(SearchText.words(run)).map { [$0] } ?? []
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
