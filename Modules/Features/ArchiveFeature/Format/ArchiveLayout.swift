import QuillModels

/// Where things go inside a Quill archive.
///
/// Everything sits under one top-level folder so that `tar -xzf` makes a single directory;
/// note file names start with the title (readable in a file browser) and end with the full
/// ID (unique, and the link back to Quill).
enum ArchiveLayout {
    static let root = "quill-notes"
    static let notesDirectory = root + "/notes"
    static let manifestPath = root + "/manifest.json"
    static let manifestName = "manifest.json"
    static let maximumSlugCharacters = 80

    static func path(for note: Note) -> String {
        "\(notesDirectory)/\(slug(note.title))-\(note.id).md"
    }

    /// An ASCII name of at most 100 bytes for tools that do not read pax headers.
    static func fallbackPath(for note: Note) -> String {
        "\(notesDirectory)/\(note.id).md"
    }

    /// The title as a file name: separators, control characters and leading dots replaced.
    static func slug(_ title: String) -> String {
        var slug = ""
        for character in title.prefix(maximumSlugCharacters) {
            let unsafe = character == "/" || character == "\\" || character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
            slug.append(unsafe ? "-" : character)
        }
        while slug.hasPrefix(".") { slug.removeFirst() }
        return slug.isEmpty ? "note" : slug
    }
}
