import Foundation
import QuillModels

/// One note of an archive, read and validated, ready to be planned into a store write.
struct ArchiveItem {
    enum Incoming: Equatable {
        /// A Quill note with its identity.
        case note(Note)
        /// A plain Markdown file (perhaps with another app's front matter): it becomes a new
        /// note, with the ID of its identity if it has one, else a new ID.
        case plain(PlainNote)
        /// The earlier revisions of the archive's note with this ID (`HistoryEntry`), oldest first.
        case history(NoteID, [RevisionRecord])
        /// An attachment's bytes, already checked against their hash (`AttachmentEntry`, or a
        /// file a vault's note refers to).
        case attachment(AttachmentHash, bytes: ArraySlice<UInt8>)
    }

    var entry: String
    var incoming: Incoming
    /// What the import report should say about this entry: values kept in the text.
    var notices: [String] = []
    /// A note another app's export identifies (`ForeignItems`): where the store holds an older
    /// version of it (an earlier import of the app's note), this one is its next revision rather
    /// than a copy. A Quill archive's notes never replace what the store holds.
    var updatesOlder = false

    /// What the report says of a Markdown-named file that is no text (`FrontMatter.Parsed.notText`).
    static let notTextNotice = "named as Markdown but not text (it holds NUL bytes): skipped"

    /// A Markdown file of a folder or a plain archive as an item: a Quill note (its front matter
    /// has an `id`), or a plain note tagged by its `folder` (`PlainMarkdown`); `nil` for a file
    /// that is no text.
    static func read(_ bytes: ArraySlice<UInt8>, entry: String, fileName: String, folder: String,
                     modifiedSeconds: Int64?) throws(ArchiveError) -> ArchiveItem? {
        switch try FrontMatter.parse(bytes, entry: entry) {
        case .notText:
            return nil
        case .note(let note):
            return ArchiveItem(entry: entry, incoming: .note(note))
        case .plain(let text, let readAs):
            let item = PlainMarkdown.item(text: text, readAs: readAs, entry: entry, fileName: fileName, modifiedSeconds: modifiedSeconds)
            return PlainMarkdown.tagged(item, folder: folder)
        }
    }
}

/// A note from a Markdown file not written by Quill, before it has an ID. A missing date is
/// the import's time.
struct PlainNote: Equatable {
    var title: String
    var body: String
    var tags: [Tag] = []
    var created: Date?
    var updated: Date?
    /// For a file of a folder, the ID of its identity (`FolderReader.identity`), so that importing
    /// the folder again finds the notes the first import made, as another app's export is found
    /// again (`ForeignItems`). `nil`: a new ID.
    var identityID: NoteID?
}

/// What reading a whole archive found, besides its notes (which were handed on one by one).
struct ArchiveReadSummary {
    /// Whether a manifest was present and every entry matched it.
    var manifestVerified = false
    /// Entries that are neither notes nor the manifest (images, other files), left out.
    var skippedEntries: [String] = []
    var uncompressedBytes: Int64 = 0
    /// The history entries read (path, size, SHA-256), for the manifest's `history` list.
    var historyEntries: [EntryRecord] = []
    /// The attachment entries read, for the manifest's `attachments` list.
    var attachmentEntries: [EntryRecord] = []
    /// For another app's export: which app (`ImportReport.foreignFormat`), and its links.
    var foreignFormat: String?
    var resolvedLinkCount = 0
    var unresolvedLinks: [ImportReport.Notice] = []
    /// What the reader has to say beside the notes' own notices (files of an export passed over).
    var notices: [ImportReport.Notice] = []
}
