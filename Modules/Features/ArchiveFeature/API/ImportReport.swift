import QuillModels

/// What an import did (or, for a dry run or `verify`, would do).
public struct ImportReport: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// A note that was not in the store, added with its own ID, or with one drawn for this
        /// import (`idIsDrawn`: plain Markdown has none), which a dry run cannot promise.
        case added(entry: String, id: NoteID, title: String, idIsDrawn: Bool)
        /// The store already holds this note with the same content: left alone.
        case unchanged(entry: String, id: NoteID)
        /// The store holds a different note with this ID: both are kept, the incoming one as a copy
        /// (under an ID drawn for this import, or, for another app's note, one of its version).
        case copied(entry: String, original: NoteID, copy: NoteID, title: String, idIsDrawn: Bool)
        /// Another app's note, changed there since an earlier import: written as the next revision
        /// of the note that import made.
        case updated(entry: String, id: NoteID, title: String)
    }

    /// The copies made (or that would be made), which every import reports. The whole plan,
    /// entry by entry, goes to the importer's `plan` callback as it is decided instead, so that
    /// memory does not grow with the archive.
    public private(set) var copies: [Action] = []
    public var skippedEntries: [String] = []
    /// Values of other apps' front matter that did not become a note's field and were kept in
    /// its text instead (an invalid tag, an unreadable date, YAML that does not parse).
    public internal(set) var notices: [Notice] = []
    public var manifestVerified = false
    /// The other app whose export this was (`"an Evernote export (ENEX)"`); `nil` for a Quill
    /// archive or a folder of Markdown files.
    public internal(set) var foreignFormat: String?
    /// `[[links]]` between the notes of another app's export that found their note, and those
    /// that did not (each named).
    public internal(set) var resolvedLinkCount = 0
    public internal(set) var unresolvedLinks: [Notice] = []
    public var uncompressedBytes: Int64 = 0
    /// False for a dry run or a verification: nothing was written.
    public let applied: Bool
    /// The name under which the store remembers what this import added, for `quill import
    /// --undo`; `nil` when nothing was written.
    public internal(set) var importID: String?
    public private(set) var addedCount = 0
    public private(set) var unchangedCount = 0
    public private(set) var copiedCount = 0
    public private(set) var updatedCount = 0
    /// How many notes came with their earlier revisions (an archive exported with `--history`).
    public internal(set) var historyCount = 0
    /// Attachments kept (each once, however many notes refer to it).
    public internal(set) var attachmentCount = 0

    public init(applied: Bool) {
        self.applied = applied
    }

    /// Something worth knowing about one entry; nothing was lost.
    public struct Notice: Hashable, Sendable {
        public let entry: String
        public let message: String

        public init(entry: String, message: String) {
            self.entry = entry
            self.message = message
        }
    }

    public var noteCount: Int { addedCount + unchangedCount + copiedCount + updatedCount }

    mutating func record(_ action: Action) {
        switch action {
        case .added: addedCount += 1
        case .unchanged: unchangedCount += 1
        case .copied: copiedCount += 1
        case .updated: updatedCount += 1
        }
        if case .copied = action { copies.append(action) }
    }
}
