import Foundation
import QuillModels
import ServerStoreInterface

/// What the notes page asks for: a search text, a tag, and where the page starts.
public struct NoteFinderQuery: Hashable, Sendable {
    /// A search in `quill search`'s language (`SearchQuery`); empty for all notes.
    public var text: String
    public var tag: Tag?
    /// The last note of the previous page; `nil` for the first page.
    public var after: NoteID?
    public var limit: Int

    public init(text: String = "", tag: Tag? = nil, after: NoteID? = nil, limit: Int) {
        self.text = text
        self.tag = tag
        self.after = after
        self.limit = limit
    }
}

/// One page of the notes page: newest first (by last change, then ID).
public struct FoundNotes: Hashable, Sendable {
    public let notes: [NoteSummary]
    /// Whether more notes follow the last one shown.
    public let hasMore: Bool

    public init(notes: [NoteSummary], hasMore: Bool) {
        self.notes = notes
        self.hasMore = hasMore
    }
}

/// Finds one account's notes for the notes page: newest first, or a search's best matches.
///
/// A port of the web reader's own, so the roots choose how a page is found
/// (`SearchingNoteFinder` in production and tests) and page tests can stand in their own.
public protocol NoteFinding: Sendable {
    func find(account: AccountID, _ query: NoteFinderQuery) async throws -> FoundNotes
}

/// An account's notes newest first (by last change, then ID), optionally with one tag: the
/// notes page when nothing is searched (`RecentNotesIndex`).
public protocol RecentNotesListing: Sendable {
    func recent(account: AccountID, tagged tag: Tag?, after: NoteID?, limit: Int) async throws -> FoundNotes
}
