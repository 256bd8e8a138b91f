import QuillModels
import ServerStoreInterface

/// The notes page's finder: a search box text runs the server's search (`quill search`'s
/// language, ranked best first, the same as `GET /v1/notes?q=`); without one, the notes come
/// from `listing`, newest first.
///
/// Exists so the web reader and the API answer a search the same way, with one definition of
/// what matches (`ServerNoteRepository.search`), while the plain list keeps its own order.
public struct SearchingNoteFinder: NoteFinding {
    private let repository: any ServerNoteRepository
    private let listing: any RecentNotesListing

    public init(repository: any ServerNoteRepository, listing: any RecentNotesListing) {
        self.repository = repository
        self.listing = listing
    }

    public func find(account: AccountID, _ query: NoteFinderQuery) async throws -> FoundNotes {
        guard !query.text.isEmpty else {
            return try await listing.recent(account: account, tagged: query.tag, after: query.after, limit: query.limit)
        }
        let search: SearchQuery
        do { search = try SearchQuery(query.text) } catch {
            // A search refused for its length is named by its start, not repeated whole in the heading.
            let shown = query.text.count > 80 ? query.text.prefix(80) + "…" : query.text[...]
            throw WebPageError(status: .badRequest, message: "The search “\(shown)” is not one Quill can run: \(error.description).")
        }
        let page = try await repository.search(search, account: account, tagged: query.tag, after: query.after, limit: query.limit)
        return FoundNotes(notes: page.notes.map(\.summary), hasMore: page.hasMore)
    }
}
