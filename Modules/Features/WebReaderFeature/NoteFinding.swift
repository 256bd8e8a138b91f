import Foundation
import QuillModels
import ServerStoreInterface

/// What the notes page asks for: a search text, a tag, and where the page starts.
public struct NoteFinderQuery: Hashable, Sendable {
    /// Words every note shown contains (case-insensitive); empty for all notes.
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

/// Finds one account's notes for the notes page, newest first.
///
/// A port of the web reader's own, so that the search box can move to the server's search
/// query (issue 17) by giving the composition roots another implementation: `RecentNotesIndex`
/// does it over what `ServerNoteRepository` offers today.
public protocol NoteFinding: Sendable {
    func find(account: AccountID, _ query: NoteFinderQuery) async throws -> FoundNotes
}
