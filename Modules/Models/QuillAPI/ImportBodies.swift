/// The answer to `POST /v1/imports`: what importing the file did, or would do (`dryRun`), as
/// `quill import` reports it.
public struct ImportResultBody: Codable, Hashable, Sendable {
    /// One entry of the file worth knowing about; nothing of it was lost.
    public struct Notice: Codable, Hashable, Sendable {
        public let entry: String
        public let message: String

        public init(entry: String, message: String) {
            self.entry = entry
            self.message = message
        }
    }

    /// False for a dry run: nothing was written.
    public let applied: Bool
    /// The other app whose export the file is (`"an Evernote export (ENEX)"`); absent for a
    /// Quill archive or a `.tar.gz` of Markdown files.
    public let foreignFormat: String?
    /// Notes added; left alone (the account holds them as they are); written as the next revision
    /// of the note an earlier import of the same app's export made (changed there since); added as
    /// copies with new IDs (the account holds a different note with the same ID).
    public let added: Int
    public let unchanged: Int
    public let updated: Int
    public let copied: Int
    /// Attachments kept, each once.
    public let attachments: Int
    /// Entries of the file passed over, each with why.
    public let skipped: [String]
    /// Values kept in a note's text rather than made a field of it.
    public let notices: [Notice]
    /// `[[links]]` between the notes of the file that found their note, and those that did not.
    public let resolvedLinks: Int
    public let unresolvedLinks: [Notice]

    public init(applied: Bool, foreignFormat: String?, added: Int, unchanged: Int, updated: Int, copied: Int, attachments: Int, skipped: [String],
                notices: [Notice], resolvedLinks: Int, unresolvedLinks: [Notice]) {
        self.applied = applied
        self.foreignFormat = foreignFormat
        self.added = added
        self.unchanged = unchanged
        self.updated = updated
        self.copied = copied
        self.attachments = attachments
        self.skipped = skipped
        self.notices = notices
        self.resolvedLinks = resolvedLinks
        self.unresolvedLinks = unresolvedLinks
    }
}
