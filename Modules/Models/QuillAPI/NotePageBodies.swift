import QuillModels

/// `GET /v1/notes`: one page of live notes in ID order.
public struct NoteListBody: Codable, Hashable, Sendable {
    public let notes: [NoteDocument]
    /// Where the next page starts; `null` (written explicitly) on the last page.
    public let next: NoteID?

    public init(notes: [NoteDocument], next: NoteID?) {
        self.notes = notes
        self.next = next
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(notes, forKey: .notes)
        try container.encode(next, forKey: .next)
    }

    private enum CodingKeys: String, CodingKey { case notes, next }
}

/// `GET /v1/changes`: the notes written after a cursor (tombstones included), in write order.
public struct ChangesBody: Codable, Hashable, Sendable {
    public let changes: [NoteDocument]
    /// The opaque cursor to ask with next time.
    public let next: String
    public let hasMore: Bool

    public init(changes: [NoteDocument], next: String, hasMore: Bool) {
        self.changes = changes
        self.next = next
        self.hasMore = hasMore
    }
}
