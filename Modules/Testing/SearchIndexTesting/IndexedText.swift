import QuillModels
import SearchIndexInterface

/// A note as the in-memory index keeps it: its summary and the folded words of its title and
/// body, with where each body word lies, for matching and snippets.
struct IndexedText: Sendable {
    let summary: NoteSummary
    let title: [String]
    let body: [TokenizedText.Token]
    let bodyText: String

    init(_ note: Note) {
        summary = note.summary
        title = TokenizedText.tokens(note.title).map(\.folded)
        body = TokenizedText.tokens(note.body)
        bodyText = note.body
    }

    var bodyWords: [String] { body.map(\.folded) }

    /// Whether the term holds in the title or the body (a phrase within one of them).
    func matches(_ term: SearchQuery.Term) -> Bool {
        switch term {
        case .tag(let tag): summary.tags.contains(tag)
        default: count(term, in: title) > 0 || count(term, in: bodyWords) > 0
        }
    }

    /// How many times a text term occurs in `words`.
    func count(_ term: SearchQuery.Term, in words: [String]) -> Int {
        switch term {
        case .word(let word): words.filter { $0 == word }.count
        case .prefix(let prefix): words.filter { $0.hasPrefix(prefix) }.count
        case .phrase(let phrase):
            phrase.isEmpty || words.count < phrase.count ? 0
                : (0...(words.count - phrase.count)).filter { Array(words[$0..<($0 + phrase.count)]) == phrase }.count
        case .tag: 0
        }
    }

    /// About a dozen words of the body around its first match (its start if nothing matches).
    func snippet(for query: SearchQuery) -> SearchSnippet {
        let matched = body.indices.filter { index in
            query.terms.contains { term in
                switch term {
                case .word(let word): body[index].folded == word
                case .prefix(let prefix): body[index].folded.hasPrefix(prefix)
                case .phrase(let words): words.contains(body[index].folded)
                case .tag: false
                }
            }
        }
        guard !body.isEmpty else { return SearchSnippet([]) }
        let first = max(0, min((matched.first ?? 0) - 3, body.count - Self.snippetWords))
        let last = min(body.count, first + Self.snippetWords) - 1
        let text = bodyText.unicodeScalars
        var runs: [SearchSnippet.Run] = []
        var cursor = body[first].range.lowerBound
        if first > 0 { runs.append(.init("…", isMatch: false)) }
        for index in first...last {
            let range = body[index].range
            if matched.contains(index) {
                if cursor < range.lowerBound { runs.append(.init(String(text[cursor..<range.lowerBound]), isMatch: false)) }
                runs.append(.init(String(text[range]), isMatch: true))
                cursor = range.upperBound
            }
        }
        let end = body[last].range.upperBound
        if cursor < end { runs.append(.init(String(text[cursor..<end]), isMatch: false)) }
        if last < body.count - 1 { runs.append(.init("…", isMatch: false)) }
        return SearchSnippet(runs)
    }

    static let snippetWords = 12
}
