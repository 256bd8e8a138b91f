import QuillModels

/// A stored note that could not be read back, and why.
///
/// Exists so that one damaged record costs only itself: the list, the export and the change
/// feed leave it out and report it (the `Quill-Unreadable-Notes` header and the server log),
/// and the rest of the account stays readable and syncable. Only a request that names the
/// note itself (get, replace, delete, a push of it) fails, with an error naming it.
public struct UnreadableNote: Error, Hashable, Sendable, CustomStringConvertible {
    /// The note's ID as stored.
    public let id: String
    public let reason: String

    public init(id: String, reason: String) {
        self.id = id
        self.reason = reason
    }

    public var description: String { "note \(id): \(reason)" }
}

/// One page of an account's live notes in ID order, with the records of the page that could
/// not be read.
public struct NotePage: Hashable, Sendable {
    /// The readable notes of the page, ordered by ID.
    public let notes: [Note]
    /// The page's records that could not be read, ordered by ID.
    public let unreadable: [UnreadableNote]
    /// The ID of the last record the page covers, readable or not: where the next page starts.
    public let last: NoteID?
    /// Whether more live notes follow `last`.
    public let hasMore: Bool

    public init(notes: [Note], unreadable: [UnreadableNote] = [], last: NoteID?, hasMore: Bool) {
        self.notes = notes
        self.unreadable = unreadable
        self.last = last
        self.hasMore = hasMore
    }
}
