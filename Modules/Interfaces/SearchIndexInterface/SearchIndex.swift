import QuillModels

/// A full-text index of notes: the port `quill search` reads, kept apart from the store so the
/// store stays the truth and the index can always be thrown away and rebuilt from it.
///
/// The index remembers how far into its source's write journal it reflects (`cursor`). Every
/// `apply` moves the cursor and the indexed notes together, in one atomic step, and only if the
/// cursor is still where the caller read it; so a process killed at any moment, or two
/// processes catching up at once, leave it at some older position that is whole, never at a
/// position it does not reflect. Catching up is the caller's job (`NotesFeature.NoteSearch`).
public protocol SearchIndex: Sendable {
    /// How far into the source's journal the index reflects; `nil` when it reflects nothing.
    func cursor() async throws -> JournalCursor?
    /// The indexed revision of each of `ids` the index holds.
    func revisions(of ids: [NoteID]) async throws -> [NoteID: Int]
    /// The IDs of every indexed note.
    func indexedIDs() async throws -> Set<NoteID>
    /// Indexes the notes of `batch.entries` (replacing earlier revisions), forgets
    /// `batch.removals` and moves the cursor to `next`, all or nothing, provided the cursor is
    /// still `expected`: `false` (and nothing changed) if another writer moved it meanwhile.
    ///
    /// `moreToFollow` says the caller applies further batches at once (a catch-up of several
    /// pages). The index may then leave this step to reach the disk later: a crash of the
    /// process still keeps it whole, and after a crash of the machine before the last batch the
    /// index forgets everything (it is rebuilt from the notes) rather than trust a half-written
    /// file. A batch without it is durable when `apply` returns, with every batch before it.
    func apply(_ batch: SearchIndexBatch, expected: JournalCursor?, next: JournalCursor, moreToFollow: Bool) async throws -> Bool
    /// Live notes matching every term of `query`, best first (bm25, title weighted above body;
    /// newest first when the query has tags only), at most `limit` of them. An index keeps no
    /// copy of the text it indexes: a hit's snippet is made from the note itself (`NoteSearch`).
    func search(_ query: SearchQuery, limit: Int?) async throws -> [NoteSummary]
    /// Forgets every note and the cursor: before a rebuild, or when the index is damaged.
    func removeAll() async throws
}

extension SearchIndex {
    /// Applies a batch that ends its catch-up: durable when this returns.
    public func apply(_ batch: SearchIndexBatch, expected: JournalCursor?, next: JournalCursor) async throws -> Bool {
        try await apply(batch, expected: expected, next: next, moreToFollow: false)
    }
}

/// One step of catching up: notes to index (live ones only) and IDs to forget.
///
/// Each note is cut (`IndexedNote`) when the batch is made, which a catch-up does on the task
/// that reads the next page while the index writes the current one: the thread that writes the
/// index then only writes.
public struct SearchIndexBatch: Sendable {
    public let entries: [IndexedNote]
    public var removals: [NoteID]

    public init(notes: [Note] = [], removals: [NoteID] = []) {
        self.init(entries: notes.map(IndexedNote.init), removals: removals)
    }

    /// A batch of notes cut already (live ones only), e.g. by several tasks at once.
    public init(entries: [IndexedNote], removals: [NoteID] = []) {
        self.entries = entries
        self.removals = removals
    }

    public var isEmpty: Bool { entries.isEmpty && removals.isEmpty }
}

/// A note with what every index cuts from it: the text an FTS5 table takes in
/// (`SearchText.indexable`, words past ASCII folded, CJK runs cut into pairs), its links and
/// names (their targets folded), and whether it refers to attachments. Cutting is most of
/// the CPU of indexing a note outside SQLite (a third of the writing thread's time in a
/// 100,000-note build, `Tools/benchmarks/search-cjk.sh`).
public struct IndexedNote: Sendable {
    public let note: Note
    public let indexableTitle: String
    public let indexableBody: String
    public let links: LinkIndexEntry
    public let refersToAttachments: Bool

    public init(_ note: Note) {
        self.note = note
        indexableTitle = SearchText.indexable(note.title)
        indexableBody = SearchText.indexable(note.body)
        links = LinkIndexEntry(note)
        refersToAttachments = !AttachmentReference.scan(note.body).isEmpty
    }
}

/// A position in a source's write journal, opaque to everyone but the source that gave it.
public struct JournalCursor: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }
}

/// Why an index could not answer. `damaged` means it should be emptied and rebuilt.
public enum SearchIndexError: Error, Equatable, Sendable, CustomStringConvertible {
    case damaged(String)
    case unavailable(String)

    public var description: String {
        switch self {
        case .damaged(let reason): "the search index is damaged: \(reason)"
        case .unavailable(let reason): "the search index is unavailable: \(reason)"
        }
    }
}
