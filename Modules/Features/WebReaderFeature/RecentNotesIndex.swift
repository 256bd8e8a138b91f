import Foundation
import QuillModels
import ServerStoreInterface

/// `NoteFinding` over what `ServerNoteRepository` offers today: each account's notes kept in
/// memory, newest first, and brought up to date from the account's change feed on every query
/// (one indexed range scan that is empty when nothing changed), so a page costs no full read.
///
/// Search here is a substring match of every word on title, body and tags; once the server's
/// note listing takes the search issue's `q`, an implementation over that query replaces this
/// one in the composition roots (one change).
public actor RecentNotesIndex: NoteFinding {
    /// One note as the index keeps it; tombstones too, so a late older version is not taken for new.
    private struct Entry {
        let summary: NoteSummary
        /// Title, body and tags, lowercased: what a search looks in.
        let searchable: String
    }

    private struct AccountIndex {
        var cursor = ChangeCursor.beginning
        var entries: [NoteID: Entry] = [:]
        /// The live notes, newest first; `nil` after a change until the next query sorts again.
        var sorted: [Entry]? = []
    }

    private let repository: any ServerNoteRepository
    private var accounts: [AccountID: AccountIndex] = [:]
    static let feedPageSize = 1000

    public init(repository: any ServerNoteRepository) {
        self.repository = repository
    }

    public func find(account: AccountID, _ query: NoteFinderQuery) async throws -> FoundNotes {
        try await catchUp(account)
        var index = accounts[account] ?? AccountIndex()
        let sorted = index.sorted ?? index.entries.values.filter { !$0.summary.isDeleted }
            .sorted { NoteSummary.newestFirst($0.summary, $1.summary) }
        index.sorted = sorted
        let anchor = query.after.flatMap { index.entries[$0]?.summary }
        accounts[account] = index

        let words = query.text.lowercased().split(whereSeparator: \.isWhitespace)
        var found: [NoteSummary] = []
        var hasMore = false
        for entry in sorted {
            if let anchor, !NoteSummary.newestFirst(anchor, entry.summary) { continue }
            if let tag = query.tag, !entry.summary.tags.contains(tag) { continue }
            if !words.allSatisfy({ entry.searchable.contains($0) }) { continue }
            guard found.count < query.limit else {
                hasMore = true
                break
            }
            found.append(entry.summary)
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
                if let known = index.entries[note.id], known.summary.revision > note.revision { continue }
                let searchable = (note.title + "\n" + note.body + "\n" + Tag.joined(note.tags)).lowercased()
                index.entries[note.id] = Entry(summary: note.summary, searchable: searchable)
            }
            if !page.notes.isEmpty { index.sorted = nil }
            index.cursor = max(index.cursor, page.next)
            accounts[account] = index
            guard page.hasMore else { return }
        }
    }
}
