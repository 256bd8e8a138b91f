import QuillModels

/// The data of a `note` event of `GET /v1/events`: which note changed, to which revision, and
/// whether it is now deleted, with its title (for a list to show without fetching it). The event's
/// ID is the change's cursor; a client fetches the note itself, or pulls the feed, to get the text.
public struct NoteChangeEventBody: Codable, Hashable, Sendable {
    public let id: NoteID
    public let revision: Int
    public let deleted: Bool
    public let title: String
    public let updated: Timestamp

    public init(_ note: Note) {
        id = note.id
        revision = note.revision
        deleted = note.isDeleted
        title = note.title
        updated = Timestamp(note.updated)
    }
}

/// The data of a `ready` or `resync` event of `GET /v1/events`: the cursor the stream goes on from.
/// `resync` says the client's `Last-Event-ID` is not one the feed can go on from (it is ahead of
/// the account's feed, e.g. from another server's database): the client pulls the feed
/// (`GET /v1/changes`) to catch up, then follows the stream.
public struct EventCursorBody: Codable, Hashable, Sendable {
    public let cursor: String

    public init(cursor: String) {
        self.cursor = cursor
    }
}

/// The data of an `attachment` event: an attachment's bytes arrived on the server.
public struct AttachmentEventBody: Codable, Hashable, Sendable {
    public let sha256: String
    public let size: Int64

    public init(sha256: String, size: Int64) {
        self.sha256 = sha256
        self.size = size
    }
}
