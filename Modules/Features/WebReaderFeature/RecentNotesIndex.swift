import Foundation
import QuillModels
import ServerStoreInterface

/// `NoteFinding` over what `ServerNoteRepository` offers today: each account's note summaries
/// (ID, title, tags, dates, revision; no bodies, so memory grows with the number of notes, not
/// their text) kept in memory, newest first, and brought up to date from the account's change
/// feed on every query (one indexed range scan that is empty when nothing changed), so a page
/// costs no full read.
///
/// Search here is a substring match of every word on title, body and tags. The bodies are not
/// kept, so a search reads the account's notes from the repository a page at a time (tag-filtered
/// there when a tag is given) and keeps only the IDs that match; once the server's note listing
/// takes the search issue's `q`, an implementation over that query replaces this one in the
/// composition roots (one change).
public actor RecentNotesIndex: NoteFinding {
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

    public func find(account: AccountID, _ query: NoteFinderQuery) async throws -> FoundNotes {
        try await catchUp(account)
        var index = accounts[account] ?? AccountIndex()
        let sorted = index.sorted ?? index.entries.values.filter { !$0.isDeleted }.sorted(by: NoteSummary.newestFirst)
        index.sorted = sorted
        let anchor = query.after.flatMap { index.entries[$0] }
        accounts[account] = index

        let words = query.text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        let matching = words.isEmpty ? nil : try await notes(account: account, tagged: query.tag, containing: words)
        var found: [NoteSummary] = []
        var hasMore = false
        for summary in sorted {
            if let anchor, !NoteSummary.newestFirst(anchor, summary) { continue }
            if let tag = query.tag, !summary.tags.contains(tag) { continue }
            if let matching, !matching.contains(summary.id) { continue }
            guard found.count < query.limit else {
                hasMore = true
                break
            }
            found.append(summary)
        }
        return FoundNotes(notes: found, hasMore: hasMore)
    }

    /// The IDs of the account's live notes (with `tag`, if given) whose title, body or tags
    /// contain every one of `words` (lowercased), read from the repository a page at a time.
    private func notes(account: AccountID, tagged tag: Tag?, containing words: [String]) async throws -> Set<NoteID> {
        var matching: Set<NoteID> = []
        var after: NoteID?
        while true {
            let page = try await repository.notes(account: account, tagged: tag, after: after, limit: Self.feedPageSize)
            for note in page.notes {
                let searchable = (note.title + "\n" + note.body + "\n" + Tag.joined(note.tags)).lowercased()
                if words.allSatisfy({ searchable.contains($0) }) { matching.insert(note.id) }
            }
            guard page.hasMore, let last = page.last else { return matching }
            after = last
        }
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
