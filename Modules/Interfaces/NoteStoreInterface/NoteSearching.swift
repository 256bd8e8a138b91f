import QuillModels

/// Finds notes by what a person types: words of their text, or the first characters of an ID.
///
/// Exists apart from `NoteReading` because only the notes service finds notes this way, and
/// a read-only view (the server's export) has no index to search.
public protocol NoteSearching: Sendable {
    /// Live notes whose title or body contains `text`, case-insensitively, newest first.
    func search(_ text: String, limit: Int?) async throws -> NoteListing
    /// IDs of live notes that start with `prefix`.
    func ids(withPrefix prefix: String) async throws -> [NoteID]
}
