import NoteStoreInterface
import QuillModels
import SearchIndexInterface

/// A `SearchIndexSource` over any store, for stores without a write journal (the in-memory
/// one of previews and tests): every read starts over with the whole listing, tombstones
/// included, as one page, so an index compares revisions and re-reads only what changed.
public struct ListingSearchSource: SearchIndexSource {
    private let store: any NoteStore

    public init(store: any NoteStore) {
        self.store = store
    }

    public func journal(after cursor: JournalCursor?, limit: Int) async throws -> JournalPage {
        let listing = try await store.list(NoteQuery(includeDeleted: true))
        return JournalPage(summaries: listing.notes.sorted { $0.id < $1.id }, next: JournalCursor("listing"),
                           startsOver: true, isLast: true, fractionRead: 1)
    }

    public func notes(_ ids: [NoteID]) async throws -> [Note] {
        var notes: [Note] = []
        for id in ids { if let note = try await store.note(id: id) { notes.append(note) } }
        return notes
    }
}
