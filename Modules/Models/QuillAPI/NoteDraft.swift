import QuillModels

/// A note as a person or a script writes it for `POST /v1/notes` and `PUT /v1/notes/{id}`:
/// a title, and optionally a body, tags and (for a client that picks its own IDs) an ID.
///
/// Exists so that nobody has to build a whole sync document (format, timestamps, revision,
/// deleted) to write a note: the server fills those in. Decoding is strict: an unknown field
/// is refused rather than dropped, so a typo such as `"tag"` cannot silently lose the tags.
/// A missing or `null` body is empty; missing or `null` tags are none.
public struct NoteDraft: Decodable, Hashable, Sendable {
    public var id: NoteID?
    public var title: String
    public var body: String
    public var tags: [Tag]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONObjectKey.self)
        try container.rejectUnknownKeys(
            allowed: ["id", "title", "body", "tags"],
            "a note is written as title, body, tags and (optionally) id, or as a whole sync document with format, created, updated, revision and deleted")
        id = try container.decodeIfPresent(NoteID.self, forKey: JSONObjectKey("id"))
        title = try container.decode(String.self, forKey: JSONObjectKey("title"))
        body = try container.decodeIfPresent(String.self, forKey: JSONObjectKey("body")) ?? ""
        tags = try container.decodeIfPresent([Tag].self, forKey: JSONObjectKey("tags")) ?? []
    }
}

/// What `POST /v1/notes` and `PUT /v1/notes/{id}` accept: a `NoteDraft`, or a whole sync
/// document (what `quill sync` and imports send), recognized by its `format` field.
public enum NoteInput: Decodable, Hashable, Sendable {
    case draft(NoteDraft)
    case document(NoteDocument)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: JSONObjectKey.self)
        self = container.contains(JSONObjectKey("format")) ? .document(try NoteDocument(from: decoder)) : .draft(try NoteDraft(from: decoder))
    }
}
