import QuillModels
import SearchIndexInterface

/// A search index in memory: for previews and tests. It cuts and folds text with `SearchText`,
/// which mirrors the SQLite index's tokenizer, and ranks with the same bm25 formula and column
/// weights, so the contract suite holds for both. Links are resolved by scanning every note's
/// names, with the model's rule (`LinkResolution`).
public actor InMemorySearchIndex: SearchIndex, LinkIndex, AttachmentIndex {
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
        for entry in batch.entries {
            entries[entry.note.id] = entry.note.isDeleted ? nil : IndexedText(entry)
        }
        position = next
        return true
    }

    public func search(_ query: SearchQuery, limit: Int?) -> [NoteSummary] {
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
        return kept.map(\.summary)
    }

    public func notesReferringToAttachments() -> [NoteSummary] {
        entries.values.filter(\.refersToAttachments).map(\.summary).sorted(by: NoteSummary.newestFirst)
    }

    public func links(from id: NoteID) -> [ResolvedLink] {
        guard let entry = entries[id] else { return [] }
        return entry.links.map { resolved($0, in: entry) }
    }

    public func backlinks(to id: NoteID) -> [ResolvedLink] {
        everyLink().filter { $0.reaches(id) }
    }

    public func links(_ selection: LinkSelection) -> [ResolvedLink] {
        switch selection {
        case .all: everyLink()
        case .broken: everyLink().filter(\.resolution.isBroken)
        case .ambiguous: everyLink().filter(\.resolution.isAmbiguous)
        }
    }

    private func everyLink() -> [ResolvedLink] {
        entries.values.flatMap { entry in entry.links.map { resolved($0, in: entry) } }.sortedByLinkingNote()
    }

    private func resolved(_ link: NoteLink, in entry: IndexedText) -> ResolvedLink {
        let target = link.foldedTarget
        let byID = LinkResolution.isIDPrefix(target)
        let candidates = entries.values.compactMap { other -> LinkResolution.Candidate? in
            let match = other.names[target] ?? (byID && other.summary.id.rawValue.hasPrefix(target) ? .idPrefix : nil)
            return match.map { LinkResolution.Candidate(id: other.summary.id, title: other.summary.title, updated: other.summary.updated, match: $0) }
        }
        return ResolvedLink(source: entry.summary.id, sourceTitle: entry.summary.title, link: link,
                            resolution: LinkResolution(candidates: candidates))
    }

    public func removeAll() {
        entries.removeAll()
        position = nil
    }
}
