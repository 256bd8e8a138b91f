import Foundation
import QuillModels
import ServerStoreInterface

/// The notes page without a search, newest first: each account's note summaries
/// (ID, title, tags, dates, revision; no bodies, so memory grows with the number of notes, not
/// their text) kept in memory, newest first, and brought up to date from the account's change
/// feed on every query (one indexed range scan that is empty when nothing changed), so a page
/// costs no full read. (The repository lists by ID; this is the order a reader wants. A search
/// goes to the repository's own, ranked: `SearchingNoteFinder`.)
public actor RecentNotesIndex: RecentNotesListing {
    private struct AccountIndex {
        var cursor = ChangeCursor.beginning
        /// Tombstones too, so that a late older version is not taken for new.
        var entries: [NoteID: NoteSummary] = [:]
        /// The live notes, newest first; `nil` after a change until the next query sorts again.
        var sorted: [NoteSummary]? = []
    }

    private let repository: any ServerNoteRepository
    private var accounts: [AccountID: AccountIndex] = [:]
    static let feedPageSize = 1000

    public init(repository: any ServerNoteRepository) {
        self.repository = repository
    }

    public func recent(account: AccountID, tagged tag: Tag?, after: NoteID?, limit: Int) async throws -> FoundNotes {
        try await catchUp(account)
        var index = accounts[account] ?? AccountIndex()
        let sorted = index.sorted ?? index.entries.values.filter { !$0.isDeleted }.sorted(by: NoteSummary.newestFirst)
        index.sorted = sorted
        let anchor = after.flatMap { index.entries[$0] }
        accounts[account] = index

        var found: [NoteSummary] = []
        var hasMore = false
        for summary in sorted {
            if let anchor, !NoteSummary.newestFirst(anchor, summary) { continue }
            if let tag, !summary.tags.contains(tag) { continue }
            guard found.count < limit else {
                hasMore = true
                break
            }
            found.append(summary)
        }
        return FoundNotes(notes: found, hasMore: hasMore)
    }

    /// Applies the account's changes since the last query.
    private func catchUp(_ account: AccountID) async throws {
        while true {
            let cursor = accounts[account]?.cursor ?? .beginning
            let page = try await repository.changes(account: account, after: cursor, limit: Self.feedPageSize)
            var index = accounts[account] ?? AccountIndex()
            for note in page.notes {
                if let known = index.entries[note.id], known.revision > note.revision { continue }
                index.entries[note.id] = note.summary
            }
            if !page.notes.isEmpty { index.sorted = nil }
            index.cursor = max(index.cursor, page.next)
            accounts[account] = index
            guard page.hasMore else { return }
        }
    }
}
