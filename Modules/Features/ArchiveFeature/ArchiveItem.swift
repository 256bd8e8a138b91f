import QuillModels

/// One note of an archive, read and validated, ready to be planned into a store write.
struct ArchiveItem {
    enum Incoming: Equatable {
        /// A Quill note with its identity.
        case note(Note)
        /// A plain Markdown file: it becomes a new note with a new ID.
        case plain(title: String, body: String)
    }

    var entry: String
    var incoming: Incoming
}

/// What reading a whole archive found, besides its notes (which were handed on one by one).
struct ArchiveReadSummary {
    /// Whether a manifest was present and every entry matched it.
    var manifestVerified = false
    /// Entries that are neither notes nor the manifest (images, other files), left out.
    var skippedEntries: [String] = []
    var uncompressedBytes: Int64 = 0
}
