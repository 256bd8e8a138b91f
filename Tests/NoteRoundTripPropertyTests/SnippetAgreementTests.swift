import PropertyBased
import QuillModels
import SearchIndexInterface
import Testing

/// `SearchSnippet(body:highlighting:)` reads bytes and takes shortcuts through ASCII; this holds
/// it to the plain statement of what a snippet is, written with `SearchText` over scalars, for
/// bodies of nasty Unicode mixed with words that fold alike ("Café", "CAFE", "cafe").
@Suite("Snippets agree with their definition")
struct SnippetAgreementTests {
    struct Scenario: Sendable, CustomTestStringConvertible {
        let body: String
        let query: String
        var testDescription: String { "body: \(NoteInput.spelled(body, limit: 600)), query: \(NoteInput.spelled(query))" }
    }

    static let words = ["café", "Cafe", "CAFÉ", "caf", "cafeteria", "naïve", "naive", "NAIVE", "na", "Ωmega", "ωmega", "x1", "X1", "ß", "ss"]

    static let scenarios = Generator<Scenario, Shrink.None<Scenario>> { rng in
        var body = ""
        for _ in 0..<Int.random(in: 0...60, using: &rng) {
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: body += NastyText.text(length: Int.random(in: 1...6, using: &rng), &rng)
            case 1: body += " "
            default: body += (words.randomElement(using: &rng) ?? "x") + " "
            }
        }
        let term = words.randomElement(using: &rng) ?? "x"
        let query = switch Int.random(in: 0..<4, using: &rng) {
        case 0: String(term.prefix(Int.random(in: 1...3, using: &rng))) + "*"
        case 1: "\"\(term) \(words.randomElement(using: &rng) ?? "x")\""
        case 2: "tag:home"
        default: term
        }
        return Scenario(body: body, query: query)
    }

    static let asciiWords = ["pasohori", "Pasohori", "PASOHORI", "pasohorix", "xpasohori", "pas", "pa", "p4", "P4", "lone", "Lonely",
                             "l", "l1", "quill", "Quiet", "q", "x1", "X1", "2024", "20"]
    static let separators = [" ", "  ", "\n", ", ", ". ", "-", "_", "'", "(", ") ", "#", "\t", "/"]

    /// Long bodies of ASCII words as people write them (capitals, digits, punctuation), now and
    /// then a word that is not ASCII: the text the scan that reads eight bytes at a time takes.
    static let asciiScenarios = Generator<Scenario, Shrink.None<Scenario>> { rng in
        var body = ""
        for _ in 0..<Int.random(in: 0...120, using: &rng) {
            switch Int.random(in: 0..<12, using: &rng) {
            case 0: body += ["café", "Ωmega", "naïve", "日本"].randomElement(using: &rng) ?? "é"
            case 1, 2: body += separators.randomElement(using: &rng) ?? " "
            default: body += (asciiWords.randomElement(using: &rng) ?? "x") + (separators.randomElement(using: &rng) ?? " ")
            }
        }
        let term = asciiWords.randomElement(using: &rng) ?? "x"
        let other = asciiWords.randomElement(using: &rng) ?? "x"
        let query = switch Int.random(in: 0..<4, using: &rng) {
        case 0: String(term.prefix(Int.random(in: 1...4, using: &rng))) + "*"
        case 1: "\"\(term) \(other)\""
        case 2: "\(term) \(other)"
        default: term
        }
        return Scenario(body: body, query: query)
    }

    @Test("the window, the marked words and the ellipses are those of the definition",
          arguments: ["nasty Unicode", "mostly ASCII"])
    func snippetsAgreeWithTheirDefinition(bodies: String) async {
        let input = bodies == "mostly ASCII" ? Self.asciiScenarios : Self.scenarios
        await propertyCheck(count: Budget.cases * 5, input: input) { scenario in
            guard let query = try? SearchQuery(scenario.query) else { return }
            let snippet = SearchSnippet(body: scenario.body, highlighting: query)
            let expected = Self.definition(body: scenario.body, query: query)
            let texts = snippet.runs.map(\.text)
            let leading = texts.first == "…" && snippet.runs.first?.isMatch == false
            let trailing = texts.count > (leading ? 1 : 0) && texts.last == "…" && snippet.runs.last?.isMatch == false
            #expect(leading == expected.leading)
            #expect(trailing == expected.trailing)
            #expect(snippet.matches == expected.matches)
            let shown = snippet.runs.dropFirst(leading ? 1 : 0).dropLast(trailing ? 1 : 0).map(\.text).joined()
            #expect(Self.words(shown).map(\.text) == expected.window)
        }
    }

    /// A prefix is matched by bytes, as FTS5 matches it: "xำ" starts with "x" though, to
    /// Swift, its first character is "xำ" (Thai's spacing vowel sara am extends the cluster).
    @Test func aPrefixIsMatchedByItsBytes() throws {
        let query = try SearchQuery("X*")
        let body = "\tx\u{E33} x1 ok"
        #expect(SearchSnippet(body: body, highlighting: query).matches == ["x\u{E33}", "x1"])
        #expect(Self.definition(body: body, query: query).matches == ["x\u{E33}", "x1"])
    }

    /// A word of a text as written, cut where `SearchText.isWordScalar` says; a CJK character
    /// (`SearchText.isCJKScalar`) is a word of its own. (The queries here hold no CJK word, so no
    /// CJK character is marked; `SearchQueryTests` has the examples of CJK marking.)
    static func words(_ text: String) -> [(text: String, folded: String)] {
        var words: [(String, String)] = []
        var current = String.UnicodeScalarView()
        for scalar in text.unicodeScalars + [" "] {
            if SearchText.isCJKScalar(scalar) {
                if !current.isEmpty { words.append((String(current), SearchText.fold(String(current)))) }
                current = String.UnicodeScalarView()
                words.append((String(scalar), "\u{0}"))
            } else if SearchText.isWordScalar(scalar) {
                current.append(scalar)
            } else if !current.isEmpty {
                words.append((String(current), SearchText.fold(String(current))))
                current = String.UnicodeScalarView()
            }
        }
        return words
    }

    /// The snippet by definition: from three words before the first marked word (or from the
    /// start), sixteen words, every marked word among them, "…" where words were left out.
    static func definition(body: String, query: SearchQuery) -> (leading: Bool, trailing: Bool, matches: [String], window: [String]) {
        let all = words(body)
        // Byte by byte, as FTS5 compares tokens: Swift's `==` and `hasPrefix` compare characters,
        // and "xำ" (a Thai spacing vowel after x) is one character that does not start with "x".
        func marked(_ folded: String) -> Bool {
            query.terms.contains { term in
                switch term {
                case .word(let word): folded.utf8.elementsEqual(word.utf8)
                case .phrase(let phrase): phrase.contains { $0.utf8.elementsEqual(folded.utf8) }
                case .prefix(let prefix): folded.utf8.starts(with: prefix.utf8)
                case .tag: false
                }
            }
        }
        let first = all.firstIndex { marked($0.folded) }.map { max(0, $0 - SearchSnippet.wordsBeforeMatch) } ?? 0
        let window = all[first..<min(all.count, first + SearchSnippet.wordCount)]
        return (first > 0, first + SearchSnippet.wordCount < all.count,
                window.filter { marked($0.folded) }.map(\.text), window.map(\.text))
    }
}
