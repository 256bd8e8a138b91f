import QuillModels

/// One note found by a search, with the part of its body that shows why.
public struct SearchHit: Hashable, Sendable {
    public let summary: NoteSummary
    public let snippet: SearchSnippet

    public init(summary: NoteSummary, snippet: SearchSnippet) {
        self.summary = summary
        self.snippet = snippet
    }
}

/// A short excerpt of a note's body, cut into plain runs and matched words, so that each
/// output (a terminal, plain text, JSON) marks the matches its own way.
public struct SearchSnippet: Hashable, Sendable {
    /// A run of the excerpt, and whether it is a word the query matched.
    public struct Run: Hashable, Sendable {
        public let text: String
        public let isMatch: Bool

        public init(_ text: String, isMatch: Bool) {
            self.text = text
            self.isMatch = isMatch
        }
    }

    public let runs: [Run]

    public init(_ runs: [Run]) {
        self.runs = runs
    }

    /// The excerpt on one line, each match between `open` and `close` (runs of white space,
    /// line breaks included, become one space).
    public func marked(open: String, close: String) -> String {
        let text = runs.map { $0.isMatch ? open + $0.text + close : $0.text }.joined()
        return text.split(omittingEmptySubsequences: false, whereSeparator: { $0.isWhitespace })
            .filter { !$0.isEmpty }.joined(separator: " ")
    }

    /// The words of the excerpt that matched, in order.
    public var matches: [String] { runs.filter(\.isMatch).map(\.text) }
}
