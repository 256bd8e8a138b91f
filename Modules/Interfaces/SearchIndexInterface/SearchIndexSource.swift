import QuillModels

/// What a search index is derived from: a store's notes and the journal of its writes.
///
/// Every write a store commits (`add`, `edit`, `rm`, a sync's remote writes, a bulk import)
/// appears in its journal before the write returns, so an index that has read the journal to
/// its end reflects every acknowledged note, and one that has not knows exactly which writes
/// it still has to read. The journal may be rewritten (compacted, rebuilt): a cursor from
/// before that is no longer valid, and the source then starts over from the beginning.
public protocol SearchIndexSource: Sendable {
    /// The summaries of up to `limit` journal entries after `cursor` (from the start if `nil`
    /// or no longer valid), oldest first; a note may appear more than once.
    func journal(after cursor: JournalCursor?, limit: Int) async throws -> JournalPage
    /// The current documents of `ids` (tombstones included; unknown and unreadable ones left out).
    func notes(_ ids: [NoteID]) async throws -> [Note]
}

/// A page of a source's journal.
public struct JournalPage: Sendable {
    public let summaries: [NoteSummary]
    /// Where the next page starts (the end, if `isLast`).
    public let next: JournalCursor
    /// Whether this page starts the journal over from its beginning: the pages from here to
    /// the last one then name every note the source holds, and an index forgets the others.
    public let startsOver: Bool
    public let isLast: Bool
    /// How much of the journal lies before `next`, from 0 to 1, for progress displays.
    public let fractionRead: Double

    public init(summaries: [NoteSummary], next: JournalCursor, startsOver: Bool, isLast: Bool, fractionRead: Double) {
        self.summaries = summaries
        self.next = next
        self.startsOver = startsOver
        self.isLast = isLast
        self.fractionRead = fractionRead
    }
}
