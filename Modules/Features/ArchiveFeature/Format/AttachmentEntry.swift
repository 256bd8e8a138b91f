import QuillModels

/// An archive's attachment entry: `quill-notes/notes/attachments/<sha256>/<name>`, the bytes a
/// note's reference `attachments/<sha256>/<name>` points to (docs/archive-format.md).
///
/// Exists so that export and import agree on where an attachment goes: beside the notes, so
/// that the references resolve in the extracted folder, and under its hash, so that an import
/// checks the bytes against the name they arrive with.
enum AttachmentEntry {
    static func path(hash: AttachmentHash, name: String) -> String {
        "\(ArchiveLayout.notesDirectory)/\(AttachmentReference.folder)/\(hash.hex)/\(name)"
    }

    /// An ASCII name of at most 100 bytes for tools that do not read pax headers: the hash alone.
    static func fallbackPath(hash: AttachmentHash) -> String {
        "\(ArchiveLayout.notesDirectory)/\(AttachmentReference.folder)/\(hash.hex)"
    }

    /// The hash and name of an attachment entry, `TOP/notes/attachments/<sha256>/<name>`; `nil`
    /// for any other path.
    static func parse(_ path: String) -> (hash: AttachmentHash, name: String)? {
        // Five parts, counted by their slashes before anything is cut: most entries are notes.
        guard path.utf8.reduce(0, { $0 + ($1 == UInt8(ascii: "/") ? 1 : 0) }) == 4 else { return nil }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        guard parts[1] == "notes", parts[2] == Substring(AttachmentReference.folder),
              let hash = AttachmentHash(String(parts[3])), !parts[4].isEmpty else { return nil }
        return (hash, String(parts[4]))
    }
}
