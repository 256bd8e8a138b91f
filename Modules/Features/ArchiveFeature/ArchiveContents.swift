import QuillModels

/// What a validated archive holds, ready to be planned into store writes.
struct ArchiveContents {
    enum Incoming: Equatable {
        /// A Quill note with its identity.
        case note(Note)
        /// A plain Markdown file: it becomes a new note with a new ID.
        case plain(title: String, body: String)
    }

    struct Item {
        var entry: String
        var incoming: Incoming
    }

    var items: [Item] = []
    /// Whether a manifest was present and every entry matched it.
    var manifestVerified = false
    /// Entries that are neither notes nor the manifest (images, other files), left out.
    var skippedEntries: [String] = []
    var uncompressedBytes: Int64 = 0
}
