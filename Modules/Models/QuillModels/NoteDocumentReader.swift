/// Reads a `NoteDocument` from exactly the bytes `jsonBytes()` writes, without a JSON decoder.
///
/// Exists for speed: the first search after an import reads every note file, and Foundation's
/// `JSONDecoder` was a fifth of that search's work. Anything else — another key order, white
/// space, a surrogate pair, a number written another way — answers `nil`, and `NoteJSON.decode`
/// hands those bytes to `JSONDecoder`; so a file edited by hand reads as before, and every
/// error message still comes from one place. `NoteJSONTests` checks the two agree.
extension NoteDocument {
    public init?(canonicalJSON bytes: UnsafeRawBufferPointer) {
        var reader = CanonicalJSONReader(bytes: bytes)
        guard let document = reader.noteDocument(), reader.isAtEnd else { return nil }
        self = document
    }

    init(format: Int, id: NoteID, title: String, body: String, tags: [Tag], created: Timestamp, updated: Timestamp,
         revision: Int, deleted: Bool) {
        (self.format, self.id, self.title, self.body, self.tags) = (format, id, title, body, tags)
        (self.created, self.updated, self.revision, self.deleted) = (created, updated, revision, deleted)
    }
}

extension CanonicalJSONReader {
    /// The note document that starts here, in exactly the form `jsonBytes()` writes.
    public mutating func noteDocument() -> NoteDocument? {
        guard skip(#"{"body":"#), let body = string(),
              skip(#","created":"#), let created = timestamp(),
              skip(#","deleted":"#), let deleted = boolean(),
              skip(#","format":"#), let format = integer(),
              skip(#","id":"#), let idText = string(), let id = NoteID(idText),
              skip(#","revision":"#), let revision = integer(),
              skip(#","tags":["#), let tags = tags(),
              skip(#","title":"#), let title = string(),
              skip(#","updated":"#), let updated = timestamp(),
              skip("}")
        else { return nil }
        return NoteDocument(format: format, id: id, title: title, body: body, tags: tags, created: created,
                            updated: updated, revision: revision, deleted: deleted)
    }

    /// The revision of a note document in canonical form, its text skipped rather than read: for
    /// a caller that only compares revisions. `nil`: not canonical, or a format this code does
    /// not read (the caller decodes the document, which says why).
    public mutating func noteDocumentRevision() -> Int? {
        guard skip(#"{"body":"#), skipString(), skip(#","created":"#), skipString(),
              skip(#","deleted":"#), boolean() != nil,
              skip(#","format":"#), let format = integer(), (1...NoteJSON.currentFormat).contains(format),
              skip(#","id":"#), skipString(), skip(#","revision":"#), let revision = integer()
        else { return nil }
        return revision
    }
}
