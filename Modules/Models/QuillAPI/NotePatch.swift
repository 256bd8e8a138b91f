import QuillModels

/// `PATCH /v1/notes/{id}`: a JSON Merge Patch (RFC 7396) of a note's title, body and tags.
///
/// Exists so that a script changes one field without sending (or first reading) the rest.
/// A field left out stays as it is; `null` removes it, which for a body means empty and for
/// tags means none (a title cannot be removed). Tags are replaced as a whole list, as merge
/// patch replaces every array. Any other field is refused: the server keeps the ID,
/// timestamps and revision.
public struct NotePatch: Decodable, Hashable, Sendable {
    /// The new title; `nil` leaves it.
    public var title: String?
    /// The new body; `nil` leaves it ("" when the patch says `null`).
    public var body: String?
    /// The new tags; `nil` leaves them (`[]` when the patch says `null`).
    public var tags: [Tag]?

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONObjectKey.self)
        try container.rejectUnknownKeys(allowed: ["title", "body", "tags"], "a patch changes only title, body and tags")
        let title = JSONObjectKey("title"), body = JSONObjectKey("body"), tags = JSONObjectKey("tags")
        if container.contains(title), try container.decodeNil(forKey: title) {
            throw DecodingError.dataCorrupted(.init(codingPath: container.codingPath + [title], debugDescription: "a note needs a title; it cannot be removed"))
        }
        self.title = try container.decodeIfPresent(String.self, forKey: title)
        self.body = container.contains(body) ? try container.decodeIfPresent(String.self, forKey: body) ?? "" : nil
        self.tags = container.contains(tags) ? try container.decodeIfPresent([Tag].self, forKey: tags) ?? [] : nil
    }
}
