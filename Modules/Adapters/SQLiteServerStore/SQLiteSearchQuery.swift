import QuillModels

/// A `SearchQuery` as an FTS5 `MATCH` expression (`FTS5Match`) and a tag filter for the
/// `notes_search` index.
struct SQLiteSearchQuery {
    /// The expression for `notes_search MATCH ?`; `nil` when the query has tag terms only.
    let match: String?
    /// The tags every result carries: the query's `tag:` terms and the request's tag filter.
    let tags: [Tag]

    init(_ query: SearchQuery, tagged tag: Tag?) {
        match = FTS5Match.expression(query)
        var tags: [Tag] = []
        for candidate in query.tags + (tag.map { [$0] } ?? []) where !tags.contains(candidate) { tags.append(candidate) }
        self.tags = tags
    }
}
