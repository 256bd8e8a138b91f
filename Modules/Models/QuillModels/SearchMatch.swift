/// What a search of the server's notes means (`ServerNoteRepository.search`), in one place: the
/// rule every server store implements, and the in-memory fake states as code.
///
/// - **Matching.** A note matches when every term of the `SearchQuery` holds: a word appears as a
///   whole word of the title or of the body, a prefix starts one of their words, a phrase's words
///   appear one after another within the title or within the body, a tag is one of the note's tags
///   (exactly, not as text). Text is cut and folded by `SearchText` (case and diacritics ignored).
///   Only live notes of the account are searched.
/// - **Ranking.** Best match first: a term found in the title counts more than one found in the
///   body (bm25 with the title weighted ×10 on SQLite, `ts_rank` with the title at weight A on
///   PostgreSQL, `SearchMatch.score` in the fake); equal scores are ordered by ID. A query of tags
///   only has no ranking: its notes come in ID order.
/// - **Paging.** Keyset by the last note of a page: `after` is the ID of the last note of the
///   previous page (the page's `last`), and the next page holds the notes ranked after that note's
///   place in the ranking as it is now. If that note no longer matches (it was deleted or edited
///   between the requests), the page is empty and has no next page; the client searches again.
public enum SearchMatch {
    /// How much more a term found in the title weighs than one found in the body, for the fake.
    public static let titleWeight = 10

    /// Whether `note` matches every term of `query` (tags exactly, text as folded words).
    public static func matches(_ note: Note, _ query: SearchQuery) -> Bool {
        let title = SearchText.words(note.title), body = SearchText.words(note.body)
        return query.terms.allSatisfy { term in
            switch term {
            case .tag(let tag): note.tags.contains(tag)
            default: term.occurrences(in: title) + term.occurrences(in: body) > 0
            }
        }
    }

    /// A relevance score, higher is better: occurrences of the text terms, those in the title
    /// counted `titleWeight` times. The fake ranks by it; the databases rank by their own
    /// functions, which agree with it in that a title match outranks the same match in the body.
    public static func score(_ note: Note, _ query: SearchQuery) -> Int {
        let title = SearchText.words(note.title), body = SearchText.words(note.body)
        return query.terms.reduce(0) { total, term in
            total + titleWeight * term.occurrences(in: title) + term.occurrences(in: body)
        }
    }
}
