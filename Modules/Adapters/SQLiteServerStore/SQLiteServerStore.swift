import Foundation
import POSIXFileKit
import QuillModels
import ServerStoreInterface
import SQLiteKit
import Synchronization
import StandardInterfaces

/// The embedded default store of `quill-server`: every account in one SQLite file (WAL mode).
///
/// One writing connection and a few reading ones, each behind a mutex: WAL mode lets reads run
/// in parallel with each other and with the writer, and a caller blocks for the microseconds a
/// statement takes instead of suspending. `BEGIN IMMEDIATE` and a busy timeout keep a second
/// process on the same file safe too. A fourth connection checkpoints beside them
/// (`SQLiteCheckpointer`).
public final class SQLiteServerStore: ServerNoteRepository, AccountRepository, SchemaMigrating, ReadinessChecking {
    /// A connection and the lock that serializes its use.
    private final class Slot: Sendable {
        let connection: Mutex<SQLiteConnection>
        init(_ connection: consuming sending SQLiteConnection) { self.connection = Mutex(connection) }
    }

    private let writer: Slot
    private let readers: [Slot]
    private let checkpointer: SQLiteCheckpointer
    private let nextReader = Atomic<Int>(0)
    /// Whether the schema queues the text a transaction writes (migration 16): set by `migrate`.
    let queuesSearchText = Atomic<Bool>(true)
    /// The attachments' bytes, in files beside the database.
    let attachmentFiles: SQLiteAttachmentFiles

    /// How long pushes must pause before the store indexes the text they queued by itself.
    let searchCatchUpPause: Duration
    /// Counts pushes, so that a scheduled catch-up knows whether another push came after it.
    let pushesSeen = Atomic<Int>(0)

    /// Opens (creating if needed) the database file at `path` with `readers` reading connections.
    /// Call `migrate()` before use. Once pushes pause for `searchCatchUpPause`, the text they
    /// left queued is indexed (`SearchTextQueue`).
    public init(path: String, readers: Int = 2, searchCatchUpPause: Duration = SearchTextQueue.pause) throws {
        self.searchCatchUpPause = searchCatchUpPause
        attachmentFiles = SQLiteAttachmentFiles(databasePath: path)
        do {
            writer = Slot(try SQLiteConnection.serverStoreWriter(path: path))
            self.readers = try (0..<max(1, readers)).map { _ in Slot(try SQLiteConnection.serverStore(path: path)) }
            checkpointer = SQLiteCheckpointer(try SQLiteConnection.serverStore(path: path))
        } catch {
            throw SQLiteServerStore.storeError(error)
        }
    }

    /// Closes the file; every later call fails with `.unavailable`.
    public func close() {
        for slot in [writer] + readers { slot.connection.withLock { $0.close() } }
        checkpointer.close()
    }

    public func migrate() async throws {
        try migrate(to: SQLiteMigrations.all)
        try guarded { connection in try noteWriteTransaction(on: connection) {} }
        try indexUnlinkedNotes()
    }

    /// A write transaction that may write notes: it ends by indexing the text queued for search
    /// when that is a chunk at most (`SearchTextQueue`), and otherwise leaves it for the next
    /// search. `migrate` runs an empty one, for whatever a transaction of another tool left queued.
    func noteWriteTransaction<T>(on connection: SQLiteConnection, _ body: () throws -> T) throws -> T {
        try connection.transaction {
            let result = try body()
            if queuesSearchText.load(ordering: .relaxed) { try SearchTextQueue.indexIfSmall(on: connection) }
            return result
        }
    }

    /// Applies whichever of `migrations` the file lacks, after refusing a file that a newer
    /// release migrated further (tests pass a longer list to play that newer release).
    func migrate(to migrations: [(version: Int64, sql: String)]) throws {
        try guarded { connection in
            try connection.execute("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_ms INTEGER NOT NULL)")
            var applied = Set<Int64>()
            try connection.query("SELECT version FROM schema_migrations") { applied.insert($0.integer(0)) }
            try SchemaDowngradeCheck.check(applied: applied, known: migrations.map(\.version))
            for migration in migrations where !applied.contains(migration.version) {
                try connection.transaction {
                    try connection.execute(migration.sql)
                    try connection.query("INSERT INTO schema_migrations (version, applied_ms) VALUES (?, ?)",
                                         [.integer(migration.version), .integer(Date().millisecondsSince1970)])
                }
            }
            queuesSearchText.store(applied.union(migrations.map(\.version)).contains(SQLiteMigrations.searchTextQueue), ordering: .relaxed)
        }
    }

    public func checkReady() async throws {
        try reading { connection in try connection.query("SELECT 1") }
    }

    // MARK: Notes

    static let noteColumns = "id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence"

    public func note(_ id: NoteID, account: AccountID) async throws -> Note? {
        try reading { connection in try current(id, account: account, on: connection) }
    }

    public func notes(account: AccountID, tagged tag: Tag?, after: NoteID?, limit: Int) async throws -> NotePage {
        // `tags` holds the note's tags separated by single spaces (`Tag.joined`), and a tag has no
        // space; ?5 is the tag's other stored form, if it has one (`Tag.storedForms`).
        let forms = tag?.storedForms ?? []
        return try reading { connection in
            try Self.page(limit: limit, on: connection, """
                SELECT \(Self.noteColumns) FROM notes WHERE account_id = ? AND deleted = 0 AND id > ?
                  AND (?4 IS NULL OR instr(' ' || tags || ' ', ' ' || ?4 || ' ') > 0
                       OR (?5 IS NOT NULL AND instr(' ' || tags || ' ', ' ' || ?5 || ' ') > 0)) ORDER BY id LIMIT ?3
                """, [.integer(account.rawValue), .text(after?.rawValue ?? ""), .limitWithOneMore(limit),
                      forms.first.map { .text($0) } ?? .null, forms.dropFirst().first.map { .text($0) } ?? .null])
        }
    }

    /// Ranked by bm25 over the `notes_search` index (migration 6), the title weighted ×10; the
    /// keyset `(score, id)` of the `after` note, recomputed in the same statement, starts the page.
    public func search(_ query: SearchQuery, account: AccountID, tagged tag: Tag?, after: NoteID?, limit: Int) async throws -> NotePage {
        try await catchUpSearchText()
        let search = SQLiteSearchQuery(query, tagged: tag)
        let size = max(0, limit)
        // Only each match's row, ID and score are ranked; the page's few notes are read after.
        let candidates = search.match == nil
            ? "SELECT notes.rowid AS row, notes.id AS id, 0.0 AS score FROM notes"
            : """
              SELECT notes.rowid AS row, notes.id AS id, hits.score AS score FROM (
                SELECT rowid AS hit, bm25(notes_search, \(SearchMatch.titleWeight).0, 1.0) AS score FROM notes_search WHERE notes_search MATCH ?1
              ) AS hits CROSS JOIN notes ON notes.rowid = hits.hit
              """
        // Each tag in each of its stored forms (`Tag.storedForms`) as its own parameter; `tags` holds
        // a note's tags separated by single spaces.
        var tagForms: [SQLiteValue] = []
        let tagFilters = search.tags.map { tag in
            let any = tag.storedForms.map { form in
                tagForms.append(.text(form))
                return "instr(' ' || tags || ' ', ' ' || ?\(tagForms.count + 4) || ' ') > 0"
            }
            return " AND (\(any.joined(separator: " OR ")))"
        }.joined()
        let parameters: [SQLiteValue] = [
            search.match.map { .text($0) } ?? .null, .integer(account.rawValue), after.map { .text($0.rawValue) } ?? .null,
            .integer(Int64(size) + 1),
        ] + tagForms
        return try reading { connection in
            try Self.page(limit: limit, on: connection, """
                WITH ranked AS MATERIALIZED (
                  \(candidates) WHERE notes.account_id = ?2 AND notes.deleted = 0\(tagFilters)
                ), page AS MATERIALIZED (
                  SELECT row, score, id FROM ranked
                  WHERE ?3 IS NULL OR (score, id) > (SELECT score, id FROM ranked WHERE id = ?3)
                  ORDER BY score, id LIMIT ?4
                )
                SELECT \(Self.noteColumns.split(separator: ", ").map { "notes." + $0 }.joined(separator: ", "))
                FROM page CROSS JOIN notes ON notes.rowid = page.row
                ORDER BY page.score, page.id
                """, parameters)
        }
    }

    public func create(_ note: Note, account: AccountID) async throws -> Note {
        try guarded { connection in
            try noteWriteTransaction(on: connection) {
                guard try current(note.id, account: account, on: connection) == nil else { throw ServerStoreError.alreadyExists(note.id) }
                return try write(note.withRevision(1), replacing: nil, origin: .created, mergeAncestor: nil,
                                 at: NoteSlot(sequence: try nextSequence(account: account, on: connection), hasRow: false),
                                 account: account, on: connection)
            }
        }
    }

    public func replace(_ note: Note, account: AccountID, ifRevision: Int, origin: RevisionOrigin,
                        mergeAncestor: Int?) async throws -> Note {
        try guarded { connection in
            try noteWriteTransaction(on: connection) {
                guard let existing = try current(note.id, account: account, on: connection) else { throw ServerStoreError.notFound(note.id) }
                guard existing.revision == ifRevision else {
                    throw ServerStoreError.revisionMismatch(note.id, current: existing.revision)
                }
                return try write(note.withRevision(ifRevision + 1), replacing: existing, origin: origin, mergeAncestor: mergeAncestor,
                                 at: NoteSlot(sequence: try nextSequence(account: account, on: connection), hasRow: true),
                                 account: account, on: connection)
            }
        }
    }

    // MARK: Helpers (called inside `guarded`)

    /// The account's note `id` (`nil`: none); `ServerStoreError.corrupt`, naming it, if its row cannot be read.
    func current(_ id: NoteID, account: AccountID, on connection: SQLiteConnection) throws -> Note? {
        try storedRow(id, account: account, on: connection)?.mapError { ServerStoreError.corrupt($0.description) }.get()
    }

    /// The account's row under `id`, decoded; `nil` if there is none.
    func storedRow(_ id: NoteID, account: AccountID, on connection: SQLiteConnection) throws -> Result<Note, UnreadableNote>? {
        var row: Result<Note, UnreadableNote>?
        try connection.query("SELECT \(Self.noteColumns) FROM notes WHERE account_id = ? AND id = ?",
                             [.integer(account.rawValue), .text(id.rawValue)]) { row = Self.decoded($0) }
        return row
    }

    /// The account's last change number: the cursor of a client that has pulled everything.
    func latestSequence(account: AccountID, on connection: SQLiteConnection) throws -> Int64 {
        var sequence: Int64?
        try connection.query("SELECT last_sequence FROM accounts WHERE id = ?", [.integer(account.rawValue)]) { sequence = $0.integer(0) }
        guard let sequence else { throw ServerStoreError.corrupt("no account \(account)") }
        return sequence
    }

    /// The account's next change number, taken: a single write's.
    private func nextSequence(account: AccountID, on connection: SQLiteConnection) throws -> Int64 {
        var sequence: Int64?
        try connection.query("UPDATE accounts SET last_sequence = last_sequence + 1 WHERE id = ? RETURNING last_sequence",
                             [.integer(account.rawValue)]) { sequence = $0.integer(0) }
        guard let sequence else { throw ServerStoreError.corrupt("no account \(account)") }
        return sequence
    }

    /// Where a write lands: the change number it takes, and whether the account holds a row under
    /// the note's ID already (a new row has no link or name rows to replace: they go with their
    /// note's row, in `deleteAccount` as everywhere).
    struct NoteSlot {
        let sequence: Int64
        let hasRow: Bool
    }

    /// Stores `note` as given (revision included) at `slot`, and `replacing`, the revision it
    /// replaces, in the note's history, with where `note` came from; `document` is `note`'s JSON
    /// when the caller has it (a push's change stored as sent).
    func write(_ note: Note, replacing: Note?, origin: RevisionOrigin, mergeAncestor: Int?, document: [UInt8]? = nil,
                       at slot: NoteSlot, account: AccountID, on connection: SQLiteConnection) throws -> Note {
        if let replacing, !replacing.hasSameContent(as: note) {
            var kept: Int64 = 0
            try connection.query("SELECT count(*) FROM note_revisions WHERE account_id = ? AND note_id = ?",
                                 [.integer(account.rawValue), .text(note.id.rawValue)]) { kept = $0.integer(0) }
            let record = RevisionRecord.encode(replacing, replacing: note, origin: origin, mergeAncestor: mergeAncestor,
                                               whole: (kept + 1) % Int64(RevisionRecord.keyframeInterval) == 0)
            try connection.query("INSERT OR REPLACE INTO note_revisions (account_id, note_id, revision, record) VALUES (?, ?, ?, ?)",
                                 [.integer(account.rawValue), .text(note.id.rawValue), .integer(Int64(replacing.revision)),
                                  .text(String(record.dropLast()))])
        }
        let document = document ?? NoteDocument(note).jsonBytes()
        var row: Int64?
        try connection.query("""
            INSERT INTO notes (account_id, \(Self.noteColumns), document, links_indexed) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1)
            ON CONFLICT (account_id, id) DO UPDATE SET title = excluded.title, body = excluded.body, tags = excluded.tags,
              created_ms = excluded.created_ms, updated_ms = excluded.updated_ms, revision = excluded.revision,
              deleted = excluded.deleted, sequence = excluded.sequence, document = excluded.document, links_indexed = 1
            RETURNING rowid
            """, [
                .integer(account.rawValue), .text(note.id.rawValue), .text(note.title), .text(note.body),
                .text(Tag.joined(note.tags)),
                .integer(note.created.millisecondsSince1970), .integer(note.updated.millisecondsSince1970),
                .integer(Int64(note.revision)), .integer(note.isDeleted ? 1 : 0), .integer(slot.sequence),
                .text(String(decoding: document, as: UTF8.self)),
            ]) { row = $0.integer(0) }
        guard let row else { throw ServerStoreError.corrupt("note \(note.id) was not written") }
        if replacing.map({ $0.title != note.title || $0.body != note.body || $0.isDeleted != note.isDeleted }) ?? true {
            try Self.writeLinks(of: note, row: row, replacingRows: slot.hasRow, account: account, on: connection)
        }
        return note
    }

    /// A page of at most `limit` notes from `sql`, which selects `noteColumns` and one row more
    /// than the page (that row tells whether another page follows); an unreadable note counts
    /// toward the limit and is reported in `unreadable`.
    static func page(limit: Int, on connection: SQLiteConnection, _ sql: String, _ parameters: [SQLiteValue]) throws -> NotePage {
        let size = max(0, limit)
        var notes: [Note] = [], unreadable: [UnreadableNote] = []
        var last: NoteID?
        var hasMore = false
        try connection.query(sql, parameters) { row in
            guard notes.count + unreadable.count < size else {
                hasMore = true
                return
            }
            switch decoded(row) {
            case .success(let note): notes.append(note)
            case .failure(let damaged): unreadable.append(damaged)
            }
            last = NoteID(row.text(0)) ?? last
        }
        return NotePage(notes: notes, unreadable: unreadable, last: last, hasMore: hasMore)
    }

    /// The row's note, by the same rules every door applies (`Note.init`, `Tag.split`).
    static func decoded(_ row: SQLiteRow) -> Result<Note, UnreadableNote> {
        let id = row.text(0)
        guard let noteID = NoteID(id) else { return .failure(UnreadableNote(id: id, reason: "'\(id)' is not a note ID")) }
        do {
            return .success(try Note(id: noteID, title: row.text(1), body: row.text(2), tags: Tag.split(row.text(3)),
                                     created: Date(millisecondsSince1970: row.integer(4)), updated: Date(millisecondsSince1970: row.integer(5)),
                                     revision: Int(row.integer(6)), isDeleted: row.integer(7) != 0))
        } catch {
            return .failure(UnreadableNote(id: id, reason: "\(error)"))
        }
    }

    /// Runs `body` on the writing connection, turning SQLite's own errors into
    /// `ServerStoreError.unavailable`, and then asks for a checkpoint of what it wrote.
    func guarded<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        defer { checkpointer.wake() }
        return try run(on: writer, body)
    }

    /// Runs one read on the next reading connection (round robin).
    func reading<T: Sendable>(_ body: (SQLiteConnection) throws -> T) throws -> T {
        let index = nextReader.wrappingAdd(1, ordering: .relaxed).oldValue
        return try run(on: readers[abs(index % readers.count)], body)
    }

    private func run<T: Sendable>(on slot: Slot, _ body: (SQLiteConnection) throws -> T) throws -> T {
        do {
            return try slot.connection.withLock { connection throws -> T in try body(connection) }
        } catch {
            throw Self.storeError(error)
        }
    }

    private static func storeError(_ error: any Error) -> any Error {
        if let sqlite = error as? SQLiteError {
            if sqlite.isDamaged { return ServerStoreError.corrupt("the database file is damaged: \(sqlite.description)") }
            return sqlite.isFull ? ServerStoreError.storageFull(sqlite.description) : ServerStoreError.unavailable(sqlite.description)
        }
        if let file = error as? POSIXFileError {
            return file.isNoSpace ? ServerStoreError.storageFull(file.description) : ServerStoreError.unavailable(file.description)
        }
        return error
    }
}
