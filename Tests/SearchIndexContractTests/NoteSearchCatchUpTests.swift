import FileNoteStore
import FileSystemTesting
import Foundation
import NoteStoreInterface
import NotesFeature
import QuillModels
import ScratchDirectories
import SearchIndexInterface
import SearchIndexTesting
import StandardTesting
import Synchronization
import Testing

/// `NoteSearch` over the file store's journal: whatever wrote the notes, and whatever
/// happened to the index or the journal since, a search sees exactly the notes there are.
@Suite("NoteSearch catching up", .scratchDirectory)
struct NoteSearchCatchUpTests {
    let disk = InMemoryFileSystem()
    let locks = InMemoryLocking()
    var store: FileNoteStore { FileNoteStore(root: "/data/quill", files: disk, locks: locks, readerSyncDelay: .zero) }

    func titles(_ search: NoteSearch, _ text: String) async throws -> Set<String> {
        Set(try await search.search(text, limit: nil).map(\.summary.title))
    }

    @Test(arguments: IndexFixture.allCases)
    func everyKindOfWriteIsFoundByTheNextSearch(fixture: IndexFixture) async throws {
        let search = NoteSearch(index: try fixture.make(), source: store, background: DefaultPriorityExecutor())
        #expect(try await titles(search, "milk").isEmpty)
        let first = try Notes.note(1, title: "Groceries", body: "milk")
        try await store.create(first)
        try await store.create(try Notes.note(2, title: "Other", body: "bread"))
        #expect(try await titles(search, "milk") == ["Groceries"])
        try await store.update(try first.revised(body: "bread", at: Notes.start), expectedRevision: 1)
        #expect(try await titles(search, "milk").isEmpty)
        #expect(try await titles(search, "bread") == ["Groceries", "Other"])
        try await store.apply([.create(try Notes.note(3, title: "Synced", body: "milk"))], origin: .remote)
        _ = try await store.createInBulk(origin: .local) { bulk in
            try await bulk.add((10..<2_510).map { try Notes.note($0, title: "Imported \($0)", body: "bulk milk") })
        }
        #expect(try await search.search("milk", limit: nil).count == 2_501)
        let synced = try #require(try await store.note(id: try Notes.note(3).id))
        try await store.update(synced.deleted(at: Notes.start), expectedRevision: 1)
        #expect(try await search.search("milk", limit: nil).count == 2_500)
    }

    @Test(arguments: IndexFixture.allCases)
    func theSnippetMarksTheMatchedWordsAsWrittenInTheNote(fixture: IndexFixture) async throws {
        let search = NoteSearch(index: try fixture.make(), source: store, background: DefaultPriorityExecutor())
        let filler = Array(repeating: "filler", count: 40).joined(separator: " ")
        try await store.create(try Notes.note(1, title: "T", body: filler + " Buy MILK today " + filler))
        let hit = try #require(try await search.search("milk", limit: nil).first)
        #expect(hit.snippet.matches == ["MILK"])
        let marked = hit.snippet.marked(open: "[", close: "]")
        #expect(marked.contains("Buy [MILK] today"))
        #expect(marked.hasPrefix("…") && marked.hasSuffix("…"))
        #expect(marked.count < 200)
    }

    /// The index finds the notes; their snippets come from the notes as the store holds them when
    /// the search reads them, so a note removed in between shows none rather than failing.
    @Test(arguments: IndexFixture.allCases)
    func aNoteGoneBetweenTheRankingAndTheSnippetShowsNoSnippet(fixture: IndexFixture) async throws {
        let index = try fixture.make()
        let note = try Notes.note(1, title: "Groceries", body: "milk and bread")
        try await store.create(note)
        #expect(try await titles(NoteSearch(index: index, source: store, background: DefaultPriorityExecutor()), "milk") == ["Groceries"])
        let hits = try await NoteSearch(index: index, source: GoneNotes(base: store), background: DefaultPriorityExecutor()).search("milk", limit: nil)
        #expect(hits.map(\.summary.title) == ["Groceries"] && hits[0].snippet.runs.isEmpty)
    }

    @Test(arguments: IndexFixture.allCases)
    func aRewrittenJournalStartsOverAndForgetsNotesThatAreGone(fixture: IndexFixture) async throws {
        let search = NoteSearch(index: try fixture.make(), source: store, background: DefaultPriorityExecutor())
        let kept = try Notes.note(1, title: "Kept", body: "milk")
        let gone = try Notes.note(2, title: "Gone", body: "milk")
        try await store.create(kept)
        try await store.create(gone)
        #expect(try await titles(search, "milk") == ["Kept", "Gone"])
        // Another program removes a note file and the journal; the store rebuilds it from the notes.
        try disk.remove("/data/quill/notes/\(gone.id).json")
        try disk.remove("/data/quill/index")
        #expect(try await titles(search, "milk") == ["Kept"])
        try await store.create(try Notes.note(3, title: "New", body: "milk"))
        #expect(try await titles(search, "milk") == ["Kept", "New"])
    }

    /// A journal rewritten while a catch-up from an empty index reads it (another program
    /// removed a note file, and the store rebuilt the journal from the notes): a note indexed
    /// from a page before the rewrite that the rewritten journal no longer lists is forgotten.
    @Test(arguments: IndexFixture.allCases)
    func aJournalRewrittenDuringACatchUpFromEmptyForgetsTheNoteItDropped(fixture: IndexFixture) async throws {
        let notes = try (1...UInt64(NoteSearch.firstPageSize + 500)).map { try Notes.note($0, title: "N\($0)", body: "milk") }
        _ = try await store.createInBulk(origin: .local) { try await $0.add(notes) }
        let dropped = notes[4]
        let source = RewrittenAfterFirstPage(base: store) { [disk] in
            try disk.remove("/data/quill/notes/\(dropped.id).json")
            try disk.remove("/data/quill/index")
        }
        let hits = try await NoteSearch(index: try fixture.make(), source: source, background: DefaultPriorityExecutor()).search("milk", limit: nil)
        #expect(source.rewritten, "the catch-up read past its first page")
        #expect(hits.count == notes.count - 1)
        #expect(!hits.contains { $0.summary.id == dropped.id })
    }

    /// The first search after an import journals it and indexes it while the disk takes its
    /// files. A power cut before the disk has them undoes the import, and the next search
    /// forgets every note of it.
    @Test(arguments: IndexFixture.allCases)
    func anImportAPowerCutUndidAfterASearchSawItIsForgotten(fixture: IndexFixture) async throws {
        try await store.create(try Notes.note(1, title: "Kept", body: "milk"))
        _ = try await store.createInBulk(origin: .local) { bulk in
            try await bulk.add((10..<1_210).map { try Notes.note($0, title: "Imported \($0)", body: "milk") })
        }
        let index = try fixture.make()
        let losingPower = FailingFileAccessor(wrapping: disk, mutationsBeforeFailure: nil, synchronizeFails: true)
        let before = NoteSearch(index: index, source: FileNoteStore(root: "/data/quill", files: losingPower, locks: locks, readerSyncDelay: .zero), background: DefaultPriorityExecutor())
        #expect(try await before.search("milk", limit: nil).count == 1_201)
        disk.restart(losingUnsyncedWrites: true)
        #expect(try await titles(NoteSearch(index: index, source: store, background: DefaultPriorityExecutor()), "milk") == ["Kept"])
    }

    @Test func aDamagedIndexIsRebuiltFromTheNotes() async throws {
        try await store.create(try Notes.note(1, title: "Groceries", body: "milk"))
        // An index that claims to be up to date but holds a note the store never had.
        let inner = InMemorySearchIndex()
        let end = try await store.journal(after: nil, limit: 100).next
        #expect(try await inner.apply(SearchIndexBatch(notes: [try Notes.note(7, title: "Ghost", body: "milk")]), expected: nil, next: end))
        let index = FailingSearchIndex(wrapping: inner, failing: [.search: .damaged("torn page")])
        let search = NoteSearch(index: index, source: store, background: DefaultPriorityExecutor())
        await #expect(throws: SearchIndexError.damaged("torn page")) { try await search.search("milk", limit: nil) }
        index.setFailure(nil, for: .search)
        #expect(try await titles(search, "milk") == ["Groceries"])
    }

    @Test func aCatchUpCutShortLeavesAWholeIndexThatTheNextSearchCompletes() async throws {
        let inner = InMemorySearchIndex()
        let index = FailingSearchIndex(wrapping: inner)
        _ = try await store.createInBulk(origin: .local) { bulk in
            try await bulk.add((1...UInt64(NoteSearch.pageSize + 1_000)).map { try Notes.note($0, title: "N\($0)", body: "milk") })
        }
        let search = NoteSearch(index: index, source: store, background: DefaultPriorityExecutor())
        let pages = Counter()
        let progress: @Sendable (SearchIndexProgress) -> Void = { _ in
            if pages.increment() == 1 { index.setFailure(.unavailable("killed"), for: .apply) }
        }
        await #expect(throws: SearchIndexError.self) { try await search.search("milk", limit: nil, progress: progress) }
        #expect(await inner.indexedIDs().count == NoteSearch.firstPageSize)
        index.setFailure(nil, for: .apply)
        #expect(try await search.search("milk", limit: nil).count == NoteSearch.pageSize + 1_000)
    }

    /// A page read and cut in two halves at once (`NoteSearch.halvedPageSize`) indexes the live
    /// notes of both halves and forgets the deleted ones of both.
    @Test(arguments: IndexFixture.allCases)
    func aPageReadInHalvesIndexesItsLiveNotesAndForgetsItsDeletedOnes(fixture: IndexFixture) async throws {
        let count = UInt64(NoteSearch.firstPageSize)
        let notes = try (1...count).map { try Notes.note($0, title: "N\($0)", body: "milk") }
        _ = try await store.createInBulk(origin: .local) { bulk in try await bulk.add(notes) }
        let search = NoteSearch(index: try fixture.make(), source: store, background: DefaultPriorityExecutor())
        #expect(try await search.search("milk", limit: nil).count == notes.count)

        let deleted: Set<UInt64> = [2, count - 10] // one in each half of the next page
        try await store.apply(try zip(1...count, notes).map { number, note in
            .update(deleted.contains(number) ? note.deleted(at: Notes.start) : try note.revised(body: "cheese", at: Notes.start),
                    expectedRevision: 1)
        }, origin: .local)
        #expect(try await search.search("milk", limit: nil).isEmpty)
        let found = try await search.search("cheese", limit: nil).map(\.summary.title)
        #expect(Set(found) == Set((1...count).filter { !deleted.contains($0) }.map { "N\($0)" }))
        #expect(found.count == notes.count - deleted.count)
    }

    @Test(arguments: IndexFixture.allCases)
    func theNextPageIsReadOnTheBackgroundExecutor(fixture: IndexFixture) async throws {
        let count = UInt64(NoteSearch.firstPageSize + 10)
        _ = try await store.createInBulk(origin: .local) { bulk in
            try await bulk.add(try (1...count).map { try Notes.note($0, title: "N\($0)", body: "milk") })
        }
        let background = DefaultPriorityExecutor()
        let search = NoteSearch(index: try fixture.make(), source: store, background: background)
        #expect(try await search.search("milk", limit: nil).count == Int(count))
        #expect(background.jobsEnqueued > 0, "the second page was read beside the first one's writing, on the background executor")
    }

    @Test func rebuildingIndexesEveryNoteAgain() async throws {
        let index = InMemorySearchIndex()
        try await store.create(try Notes.note(1, title: "Groceries", body: "milk"))
        let search = NoteSearch(index: index, source: store, background: DefaultPriorityExecutor())
        #expect(try await search.rebuild() == 1)
        #expect(try await titles(search, "milk") == ["Groceries"])
    }
}

/// A thread-safe counter for progress callbacks.
final class Counter: Sendable {
    private let value = Mutex(0)
    func increment() -> Int { value.withLock { $0 += 1; return $0 } }
}

/// A source whose journal is the store's but whose notes are gone: as if each were removed just
/// after the index caught up.
private struct GoneNotes: SearchIndexSource {
    let base: FileNoteStore

    func journal(after cursor: JournalCursor?, limit: Int) async throws -> JournalPage {
        try await base.journal(after: cursor, limit: limit)
    }

    func notes(_ ids: [NoteID]) async throws -> [Note] { [] }
}

/// The store's journal, rewritten by `rewrite` just before its second page is read.
private final class RewrittenAfterFirstPage: SearchIndexSource {
    let base: FileNoteStore
    let rewrite: @Sendable () throws -> Void
    private let pagesRead = Counter()
    private let done = Mutex(false)

    init(base: FileNoteStore, rewrite: @escaping @Sendable () throws -> Void) {
        self.base = base
        self.rewrite = rewrite
    }

    var rewritten: Bool { done.withLock { $0 } }

    func journal(after cursor: JournalCursor?, limit: Int) async throws -> JournalPage {
        if pagesRead.increment() == 2 {
            try rewrite()
            done.withLock { $0 = true }
        }
        return try await base.journal(after: cursor, limit: limit)
    }

    func notes(_ ids: [NoteID]) async throws -> [Note] {
        try await base.notes(ids)
    }
}
