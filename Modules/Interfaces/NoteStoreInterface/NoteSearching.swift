import QuillModels

/// Finds notes by the first characters of an ID, as a person types them. (Finding notes by their
/// words is the search index's job: `SearchIndexInterface`.)
///
/// Exists apart from `NoteReading` because only the notes service finds notes this way.
public protocol NoteSearching: Sendable {
    /// IDs of live notes that start with `prefix`.
    func ids(withPrefix prefix: String) async throws -> [NoteID]
}
