import QuillModels
import SearchIndexInterface
import StandardInterfaces
import Synchronization

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
    private let background: any BackgroundExecutor

    /// Journal entries read per page (and notes indexed per transaction at most).
    public static let pageSize = 5_000
    /// Journal entries read for the first page: nothing is written before it is ready, so a
    /// smaller one sets the index to work sooner.
    public static let firstPageSize = 1_000
    /// Pages of at least this many notes to read are read and cut in two halves at once.
    static let halvedPageSize = 1_000

    /// - Parameter background: where the next page is read and cut while the index writes the
    ///   one before (`catchUp`).
    public init(index: any SearchIndex, source: any SearchIndexSource, background: any BackgroundExecutor) {
        self.index = index
        self.source = source
        self.background = background
    }

    /// Notes matching `text` (the `SearchQuery` language), best first, each with its snippet.
    public func search(_ text: String, limit: Int?, progress: @Sendable (SearchIndexProgress) -> Void = { _ in }) async throws -> [SearchHit] {
        let query = try SearchQuery(text)
        let found = try await repairingDamage {
            try await catchUp(progress: progress)
            return try await index.search(query, limit: limit)
        }
        return try await hits(found, highlighting: query)
    }

    /// Notes whose snippets one task makes: a search that finds thousands reads their files on
    /// every core.
    static let snippetChunk = 256

    /// The found notes with their snippets, made from the notes as the source holds them: the
    /// index keeps no copy of their text. A note written since the index caught up shows its
    /// newer text; one removed meanwhile, no snippet.
    private func hits(_ found: [NoteSummary], highlighting query: SearchQuery) async throws -> [SearchHit] {
        let snippets = SearchSnippetMaker(query)
        let chunks = stride(from: 0, to: found.count, by: Self.snippetChunk).map { found[$0..<min($0 + Self.snippetChunk, found.count)] }
        return try await withThrowingTaskGroup(of: (Int, [SearchHit]).self) { group in
            for (number, chunk) in chunks.enumerated() {
                group.addTask { (number, try await hits(chunk, snippets: snippets)) }
            }
            var made = [[SearchHit]](repeating: [], count: chunks.count)
            for try await (number, hits) in group { made[number] = hits }
            return made.flatMap { $0 }
        }
    }

    private func hits(_ found: ArraySlice<NoteSummary>, snippets: SearchSnippetMaker) async throws -> [SearchHit] {
        var bodies: [NoteID: String] = [:]
        bodies.reserveCapacity(found.count)
        for note in try await source.notes(found.map(\.id)) { bodies[note.id] = note.body }
        return found.map { summary in
            guard var body = bodies[summary.id] else { return SearchHit(summary: summary, snippet: SearchSnippet([])) }
            return SearchHit(summary: summary, snippet: body.withUTF8 { snippets.snippet(utf8: $0) })
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

    /// Runs `read` on the index once it is caught up with the notes, repairing damage as a
    /// search does: for the index's other readers (`NoteLinks`, `AttachmentService`).
    public func caughtUp<T>(progress: @Sendable (SearchIndexProgress) -> Void, _ read: () async throws -> T) async throws -> T {
        try await repairingDamage {
            try await catchUp(progress: progress)
            return try await read()
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
    /// page is read and prepared (its notes, and the bookkeeping below) while the current one is
    /// being indexed, so the index, the slower of the two, only ever waits for the first page.
    /// The next page is prepared on the `background` executor: on two cores, the index's thread
    /// shared them evenly with the two that read and cut, and waited for a core.
    ///
    /// From an empty index (no cursor), this catch-up is the only writer that counts, so the
    /// revisions it has indexed itself are all there is to know: pages are read without asking
    /// the index, which is busy writing the page before.
    func catchUp(progress: @Sendable (SearchIndexProgress) -> Void) async throws {
        var attempts = 0
        restart: while true {
            attempts += 1
            guard attempts <= 100 else { throw SearchIndexError.unavailable("other processes kept moving the index meanwhile") }
            var cursor = try await index.cursor()
            var indexed = 0, deferred = false
            let ledger = CatchUpLedger(fromEmpty: cursor == nil)
            var current = try await prepared(after: cursor, limit: Self.firstPageSize, ledger: ledger)
            while true {
                let page = current.page
                let following = page.isLast ? nil : Task(executorPreference: background) {
                    try await prepared(after: page.next, limit: Self.pageSize, ledger: ledger)
                }
                defer { following?.cancel() }
                var batch = current.batch
                if page.isLast, let everyNote = current.everyNote, !ledger.fromEmpty {
                    batch.removals += try await index.indexedIDs().subtracting(everyNote).subtracting(batch.removals).sorted()
                }
                // Pages before the last may reach the disk later; the last one (applied even if
                // it changes nothing, when some did not) makes them all durable.
                let unchanged = batch.isEmpty && page.next == cursor && !(page.isLast && deferred)
                if !unchanged, try await !index.apply(batch, expected: cursor, next: page.next, moreToFollow: !page.isLast) {
                    continue restart
                }
                if !unchanged { deferred = !page.isLast }
                indexed += batch.entries.count
                cursor = page.next
                if !page.isLast || indexed > 0 { progress(SearchIndexProgress(notesIndexed: indexed, fractionRead: page.fractionRead)) }
                guard let following else { return }
                current = try await following.value
            }
        }
    }

    /// What a catch-up knows once the pages prepared so far are applied: the revisions it has
    /// indexed itself (from an empty index only) and, since the journal last started over, every
    /// note it has seen. Pages are prepared one after another, each from what the one before
    /// left, so one ledger is updated in place: a copy of it per page made the bookkeeping of a
    /// catch-up grow with the square of its notes. A catch-up that starts over makes a new one;
    /// a page prepared for the old one is dropped.
    private final class CatchUpLedger: Sendable {
        let fromEmpty: Bool
        private let state: Mutex<State>

        private struct State {
            var indexedHere: [NoteID: Int]?
            var seen: Set<NoteID>?
            var readAPage = false
        }

        init(fromEmpty: Bool) {
            self.fromEmpty = fromEmpty
            state = Mutex(State(indexedHere: fromEmpty ? [:] : nil))
        }

        /// The revisions indexed here of `ids` (those not indexed here absent), or `nil` when
        /// the index was not empty and only it knows.
        func indexedRevisions(of ids: some Sequence<NoteID>) -> [NoteID: Int]? {
            state.withLock { state in
                guard let indexedHere = state.indexedHere else { return nil }
                var found: [NoteID: Int] = [:]
                for id in ids { found[id] = indexedHere[id] }
                return found
            }
        }

        /// Records a page read: `summaries` seen (all seen before forgotten if the journal
        /// `startsOver`); on its last page, every note seen and, from an empty index, the
        /// notes indexed here that the journal no longer lists. From an empty index, the first
        /// page's start-over asks for no notes to be kept: every note indexed here comes from
        /// a page read since, so only a later start-over can leave one unlisted (a first search
        /// after an import would otherwise hash each note's ID twice more, the last time after
        /// its last page, while nothing else runs).
        func read(_ summaries: [NoteSummary], startsOver: Bool, isLast: Bool) -> (everyNote: Set<NoteID>?, gone: [NoteID]) {
            state.withLock { state in
                if startsOver, !fromEmpty || state.readAPage { state.seen = [] }
                state.readAPage = true
                state.seen?.formUnion(summaries.map(\.id))
                guard isLast, let everyNote = state.seen else { return (nil, []) }
                guard let indexedHere = state.indexedHere else { return (everyNote, []) }
                return (everyNote, indexedHere.keys.filter { !everyNote.contains($0) })
            }
        }

        /// Records `batch` as applied.
        func record(_ batch: SearchIndexBatch) {
            state.withLock { state in
                guard state.indexedHere != nil else { return }
                for id in batch.removals { state.indexedHere?[id] = nil }
                for entry in batch.entries { state.indexedHere?[entry.note.id] = entry.note.revision }
            }
        }
    }

    /// A journal page ready to apply.
    private struct PreparedPage: Sendable {
        let page: JournalPage
        /// What to apply; on the last page after a start-over from an empty index, with the
        /// removal of every note the journal no longer lists.
        let batch: SearchIndexBatch
        /// Every note the journal lists, on its last page after a start-over (else `nil`).
        let everyNote: Set<NoteID>?
    }

    /// The journal page after `cursor` and what it asks of the index, given what `ledger`
    /// knows after the pages before it, which it then records.
    private func prepared(after cursor: JournalCursor?, limit: Int, ledger: CatchUpLedger) async throws -> PreparedPage {
        let page = try await source.journal(after: cursor, limit: limit)
        var batch = try await changes(in: page.summaries, indexed: ledger)
        let (everyNote, gone) = ledger.read(page.summaries, startsOver: page.startsOver, isLast: page.isLast)
        batch.removals += Set(gone).subtracting(batch.removals).sorted()
        ledger.record(batch)
        return PreparedPage(page: page, batch: batch, everyNote: everyNote)
    }

    /// What a page of journal entries asks of the index: the current documents of the notes
    /// whose indexed revision differs, and the removal of those now deleted or gone.
    private func changes(in summaries: [NoteSummary], indexed ledger: CatchUpLedger) async throws -> SearchIndexBatch {
        var latest: [NoteID: NoteSummary] = [:]
        for summary in summaries { latest[summary.id] = summary }
        let indexed = if let known = ledger.indexedRevisions(of: latest.keys) { known } else { try await index.revisions(of: Array(latest.keys)) }
        let stale = latest.values.filter { summary in
            summary.isDeleted ? indexed[summary.id] != nil : indexed[summary.id] != summary.revision
        }.map(\.id).sorted()
        guard !stale.isEmpty else { return SearchIndexBatch() }
        let (current, entries) = try await readAndCut(stale)
        let found = Set(current.map(\.id))
        return SearchIndexBatch(
            entries: entries,
            removals: current.filter(\.isDeleted).map(\.id) + stale.filter { !found.contains($0) })
    }

    /// The notes, and the live ones cut for the index, in the order of `ids`: read and cut in
    /// two halves at once. The index writes one page while the next is read and cut; a page
    /// slower to cut than the one before is to write (one full of links) kept one core waiting
    /// for the other, and its two halves now take both.
    private func readAndCut(_ ids: [NoteID]) async throws -> (notes: [Note], entries: [IndexedNote]) {
        let halves = ids.count < Self.halvedPageSize ? [ids[...]] : [ids[..<(ids.count / 2)], ids[(ids.count / 2)...]]
        let read = try await withThrowingTaskGroup(of: (Int, [Note], [IndexedNote]).self) { group in
            for (index, half) in halves.enumerated() {
                group.addTask {
                    let notes = try await source.notes(Array(half))
                    return (index, notes, notes.filter { !$0.isDeleted }.map(IndexedNote.init))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }.sorted { $0.0 < $1.0 }
        }
        return (read.flatMap(\.1), read.flatMap(\.2))
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
