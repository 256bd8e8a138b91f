import QuillModels
import SearchIndexInterface

/// A search index in memory: for previews and tests. It cuts and folds text with `SearchText`,
/// which mirrors the SQLite index's tokenizer, and ranks with the same bm25 formula and column
/// weights, so the contract suite holds for both.
public actor InMemorySearchIndex: SearchIndex {
    private var entries: [NoteID: IndexedText] = [:]
    private var position: JournalCursor?

    public init() {}

    public func cursor() -> JournalCursor? { position }

    public func revisions(of ids: [NoteID]) -> [NoteID: Int] {
        var found: [NoteID: Int] = [:]
        for id in ids { if let entry = entries[id] { found[id] = entry.summary.revision } }
        return found
    }

    public func indexedIDs() -> Set<NoteID> { Set(entries.keys) }

    /// Memory has no disk to reach: every batch is as durable as the fake gets.
    public func apply(_ batch: SearchIndexBatch, expected: JournalCursor?, next: JournalCursor, moreToFollow: Bool) -> Bool {
        guard position == expected else { return false }
        for id in batch.removals { entries[id] = nil }
        for note in batch.notes {
            entries[note.id] = note.isDeleted ? nil : IndexedText(note)
        }
        position = next
        return true
    }

    public func search(_ query: SearchQuery, limit: Int?) -> [SearchHit] {
        let matching = entries.values.filter { entry in
            query.tags.allSatisfy(entry.summary.tags.contains) && query.terms.allSatisfy(entry.matches)
        }
        let ranked: [IndexedText]
        if query.words.isEmpty {
            ranked = matching.sorted { NoteSummary.newestFirst($0.summary, $1.summary) }
        } else {
            let ranking = BM25(query: query, corpus: Array(entries.values))
            let scored = matching.map { (entry: $0, score: ranking.score($0)) }
            ranked = scored.sorted { left, right in
                left.score != right.score ? left.score > right.score : left.entry.summary.id < right.entry.summary.id
            }.map(\.entry)
        }
        let kept = limit.map { Array(ranked.prefix(max(0, $0))) } ?? ranked
        return kept.map { SearchHit(summary: $0.summary, snippet: SearchSnippet(body: $0.bodyText, highlighting: query)) }
    }

    public func removeAll() {
        entries.removeAll()
        position = nil
    }
}
