/// A search as people type it, parsed once so the CLI's index and every server store read the
/// same language: words (all must match), `"quoted phrases"`, `tag:x` and `prefix*`, matched
/// without regard to case or diacritics (`cafe` finds "Café").
///
/// Text is cut into words as every index cuts it (`SearchText`: letters, numbers and marks form
/// words; everything else separates them), so a typed `e-mail` is the phrase "e mail" and
/// matches what the index stored for the same text.
public struct SearchQuery: Hashable, Sendable, CustomStringConvertible {
    /// One condition every matching note meets.
    public enum Term: Hashable, Sendable {
        /// A folded word that must appear as a whole word in the title or the body.
        case word(String)
        /// A folded word that some word of the title or body starts with.
        case prefix(String)
        /// Folded words that must appear one after another.
        case phrase([String])
        /// A tag the note carries, normalized as tags are.
        case tag(Tag)
    }

    public static let maximumLength = 1000

    public let terms: [Term]

    public init(_ text: String) throws(SearchQueryError) {
        guard text.unicodeScalars.count <= Self.maximumLength else { throw .tooLong(maximum: Self.maximumLength) }
        var parser = SearchQueryParser(text)
        terms = try parser.terms()
        guard !terms.isEmpty else { throw .empty }
    }

    /// The words of the query's text terms (tags aside), for highlighting.
    public var words: [String] {
        terms.flatMap { term -> [String] in
            switch term {
            case .word(let word), .prefix(let word): [word]
            case .phrase(let words): words
            case .tag: []
            }
        }
    }

    public var tags: [Tag] {
        terms.compactMap { if case .tag(let tag) = $0 { tag } else { nil } }
    }

    /// The query written back in its own language, normalized (folded words, one space apart).
    public var description: String {
        terms.map { term in
            switch term {
            case .word(let word): word
            case .prefix(let word): word + "*"
            case .phrase(let words): "\"" + words.joined(separator: " ") + "\""
            case .tag(let tag): "tag:" + tag.rawValue
            }
        }.joined(separator: " ")
    }
}

extension SearchQuery.Term {
    /// How many times a text term occurs in a list of folded words, compared byte by byte as
    /// the indexes compare tokens (Swift's `==` and `hasPrefix` compare characters: "xำ" does
    /// not start with "x" to them); 0 for a tag term. The in-memory fakes match by it.
    public func occurrences(in words: [String]) -> Int {
        switch self {
        case .word(let word):
            return words.count { $0.utf8.elementsEqual(word.utf8) }
        case .prefix(let prefix):
            return words.count { $0.utf8.starts(with: prefix.utf8) }
        case .phrase(let phrase):
            guard !phrase.isEmpty, words.count >= phrase.count else { return 0 }
            return (0...(words.count - phrase.count)).count { start in
                zip(words[start...], phrase).allSatisfy { $0.utf8.elementsEqual($1.utf8) }
            }
        case .tag:
            return 0
        }
    }
}

/// Why a typed search is not one Quill can run.
public enum SearchQueryError: Error, Equatable, Sendable, CustomStringConvertible {
    case empty
    case tooLong(maximum: Int)
    case invalidTag(String, NoteValidationError)

    public var description: String {
        switch self {
        case .empty: "the search has no words to look for (give a word, a \"phrase\", tag:name or prefix*)"
        case .tooLong(let maximum): "the search is longer than \(maximum) characters"
        case .invalidTag(let text, let error): "tag:\(text): \(error.description)"
        }
    }
}
