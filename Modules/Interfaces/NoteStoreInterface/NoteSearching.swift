import QuillModels

/// Finds notes by the first characters of an ID, as a person types them. (Finding notes by their
/// words is the search index's job: `SearchIndexInterface`.)
///
/// Exists apart from `NoteReading` because only the notes service finds notes this way.
public protocol NoteSearching: Sendable {
    /// IDs of the notes that start with `prefix`, sorted: live ones, and deleted ones too if
    /// asked (for history, restore and the trash).
    func ids(withPrefix prefix: String, includingDeleted: Bool) async throws -> [NoteID]
}

extension NoteSearching {
    /// IDs of live notes that start with `prefix`, sorted.
    public func ids(withPrefix prefix: String) async throws -> [NoteID] {
        try await ids(withPrefix: prefix, includingDeleted: false)
    }
}
