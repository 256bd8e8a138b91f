import QuillModels

/// Which notes refer to attachments, as the search index derives it from the notes it indexes
/// (`AttachmentReference.scan`).
///
/// A separate port from `SearchIndex` because its reader is another (`quill attachments`), but
/// kept by the same `apply`, with the index's guarantees (derived, caught up before every read,
/// rebuilt when damaged): listing the attachments of a large store then reads the notes that
/// have any, not every note.
public protocol AttachmentIndex: Sendable {
    /// The live notes whose text refers to at least one attachment, newest first.
    func notesReferringToAttachments() async throws -> [NoteSummary]
}
