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
