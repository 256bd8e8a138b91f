import QuillModels
import SearchIndexInterface

/// Searches notes through the full-text index, first bringing the index up to date with the
/// store's write journal: every write since the index's cursor is read and indexed, so a search
/// never misses an acknowledged note nor shows a deleted one, whatever crashed before.
///
/// Catching up reads the journal a page at a time; each page is applied with the cursor it
/// reaches, atomically, so a search killed part way leaves a whole index at an older cursor.
/// An index that reports damage is emptied and rebuilt from the notes.
public struct NoteSearch: Sendable {
    private let index: any SearchIndex
    private let source: any SearchIndexSource

    /// Journal entries read per page (and notes indexed per transaction at most).
    public static let pageSize = 2_000

    public init(index: any SearchIndex, source: any SearchIndexSource) {
        self.index = index
        self.source = source
    }

    /// Notes matching `text` (the `SearchQuery` language), best first.
    public func search(_ text: String, limit: Int?, progress: @Sendable (SearchIndexProgress) -> Void = { _ in }) async throws -> [SearchHit] {
        let query = try SearchQuery(text)
        return try await repairingDamage {
            try await catchUp(progress: progress)
            return try await index.search(query, limit: limit)
        }
    }

    /// Empties the index and indexes every note again; returns how many notes it holds.
    public func rebuild(progress: @Sendable (SearchIndexProgress) -> Void = { _ in }) async throws -> Int {
        try await index.removeAll()
        return try await repairingDamage {
            try await catchUp(progress: progress)
            return try await index.indexedIDs().count
        }
    }

    /// Runs `body`; if the index reports damage, empties it and runs `body` once more.
    private func repairingDamage<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch SearchIndexError.damaged {
            try await index.removeAll()
            return try await body()
        }
    }

    /// Reads the journal from the index's cursor to its end, indexing what changed. The next
    /// page is read (with its notes) while the current one is being indexed.
    func catchUp(progress: @Sendable (SearchIndexProgress) -> Void) async throws {
        var attempts = 0
        restart: while true {
            attempts += 1
            guard attempts <= 100 else { throw SearchIndexError.unavailable("other processes kept moving the index meanwhile") }
            var cursor = try await index.cursor()
            var seen: Set<NoteID>?
            var indexed = 0
            var current = try await prepared(after: cursor)
            while true {
                let (page, changes) = current
                let following = page.isLast ? nil : Task { try await prepared(after: page.next) }
                defer { following?.cancel() }
                var batch = changes
                if page.startsOver { seen = [] }
                if page.isLast, let everyNote = seen?.union(page.summaries.map(\.id)) {
                    let gone = try await index.indexedIDs().subtracting(everyNote).subtracting(batch.removals)
                    batch.removals += gone.sorted()
                }
                let unchanged = batch.isEmpty && page.next == cursor
                if !unchanged, try await !index.apply(batch, expected: cursor, next: page.next) { continue restart }
                seen?.formUnion(page.summaries.map(\.id))
                indexed += batch.notes.count
                cursor = page.next
                if !page.isLast || indexed > 0 { progress(SearchIndexProgress(notesIndexed: indexed, fractionRead: page.fractionRead)) }
                guard let following else { return }
                current = try await following.value
            }
        }
    }

    /// The journal page after `cursor` and what it asks of the index.
    private func prepared(after cursor: JournalCursor?) async throws -> (JournalPage, SearchIndexBatch) {
        let page = try await source.journal(after: cursor, limit: Self.pageSize)
        return (page, try await changes(in: page.summaries))
    }

    /// What a page of journal entries asks of the index: the current documents of the notes
    /// whose indexed revision differs, and the removal of those now deleted or gone.
    private func changes(in summaries: [NoteSummary]) async throws -> SearchIndexBatch {
        var latest: [NoteID: NoteSummary] = [:]
        for summary in summaries { latest[summary.id] = summary }
        let indexed = try await index.revisions(of: Array(latest.keys))
        let stale = latest.values.filter { summary in
            summary.isDeleted ? indexed[summary.id] != nil : indexed[summary.id] != summary.revision
        }.map(\.id).sorted()
        guard !stale.isEmpty else { return SearchIndexBatch() }
        let current = try await source.notes(stale)
        let found = Set(current.map(\.id))
        return SearchIndexBatch(
            notes: current.filter { !$0.isDeleted },
            removals: current.filter(\.isDeleted).map(\.id) + stale.filter { !found.contains($0) })
    }
}

/// How far a catch-up has come, for a progress display.
public struct SearchIndexProgress: Sendable, Equatable {
    public let notesIndexed: Int
    public let fractionRead: Double

    public init(notesIndexed: Int, fractionRead: Double) {
        self.notesIndexed = notesIndexed
        self.fractionRead = fractionRead
    }
}
