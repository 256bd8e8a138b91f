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

    // MARK: Accounts

    public func createAccount(named name: String, token: StoredToken?) async throws -> Account {
        try guarded { connection in
            try connection.transaction {
                var taken = false
                try connection.query("SELECT 1 FROM accounts WHERE name = ?", [.text(name)]) { _ in taken = true }
                guard !taken else { throw ServerStoreError.accountNameTaken(name) }
                // Never an ID a deleted account had (see migration 5).
                var id: Int64 = 0
                try connection.query("UPDATE account_ids_given SET highest = max(highest, (SELECT coalesce(max(id), 0) FROM accounts)) + 1 RETURNING highest") {
                    id = $0.integer(0)
                }
                try connection.query("INSERT INTO accounts (id, name, created_ms) VALUES (?, ?, ?)",
                                     [.integer(id), .text(name), .integer(Date().millisecondsSince1970)])
                if let token { try Self.insert(token, account: id, on: connection) }
                return Account(id: AccountID(id), name: name)
            }
        }
    }

    public func account(id: AccountID) async throws -> Account? {
        try reading { connection in
            var found: Account?
            try connection.query("SELECT name FROM accounts WHERE id = ?", [.integer(id.rawValue)]) { found = Account(id: id, name: $0.text(0)) }
            return found
        }
    }

    public func token(id: TokenID) async throws -> (token: StoredToken, account: Account)? {
        try reading { connection in
            var found: (token: StoredToken, account: Account)?
            try connection.query("""
                SELECT tokens.hash, accounts.id, accounts.name, tokens.scope, tokens.label, tokens.created_ms, tokens.expires_ms
                FROM tokens JOIN accounts ON accounts.id = tokens.account_id
                WHERE tokens.id = ?
                """, [.text(id.rawValue)]) { row in
                guard let hash = TokenHash(hex: row.text(0)) else { throw ServerStoreError.corrupt("token \(id) has a malformed hash") }
                let token = StoredToken(id: id, hash: hash, scope: try Self.scope(row.text(3), of: id), label: row.optionalText(4),
                                        created: row.optionalInteger(5).map(Date.init(millisecondsSince1970:)), expires: row.optionalInteger(6).map(Date.init(millisecondsSince1970:)))
                found = (token, Account(id: AccountID(row.integer(1)), name: row.text(2)))
            }
            return found
        }
    }

    public func addToken(_ token: StoredToken, toAccountNamed name: String) async throws -> Account {
        try guarded { connection in
            try connection.transaction {
                var account: Account?
                try connection.query("SELECT id FROM accounts WHERE name = ?", [.text(name)]) {
                    account = Account(id: AccountID($0.integer(0)), name: name)
                }
                guard let account else { throw ServerStoreError.accountNotFound(name) }
                try Self.insert(token, account: account.id.rawValue, on: connection)
                return account
            }
        }
    }

    public func tokens(ofAccountNamed name: String) async throws -> [TokenSummary] {
        try reading { connection in
            var account: Int64?
            try connection.query("SELECT id FROM accounts WHERE name = ?", [.text(name)]) { account = $0.integer(0) }
            guard let account else { throw ServerStoreError.accountNotFound(name) }
            var summaries: [TokenSummary] = []
            try connection.query("""
                SELECT id, scope, label, created_ms, last_used_ms, expires_ms, last_address FROM tokens WHERE account_id = ?
                ORDER BY created_ms IS NOT NULL, created_ms, id
                """, [.integer(account)]) { row in
                guard let id = TokenID(row.text(0)) else { throw ServerStoreError.corrupt("a token of '\(name)' has a malformed ID") }
                summaries.append(TokenSummary(id: id, scope: try Self.scope(row.text(1), of: id), label: row.optionalText(2),
                                              created: row.optionalInteger(3).map(Date.init(millisecondsSince1970:)), lastUsed: row.optionalInteger(4).map(Date.init(millisecondsSince1970:)), lastAddress: row.optionalText(6),
                                              expires: row.optionalInteger(5).map(Date.init(millisecondsSince1970:))))
            }
            return summaries
        }
    }

    private static func insert(_ token: StoredToken, account: Int64, on connection: SQLiteConnection) throws {
        try connection.query("INSERT INTO tokens (id, account_id, hash, scope, label, created_ms, expires_ms) VALUES (?, ?, ?, ?, ?, ?, ?)", [
            .text(token.id.rawValue), .integer(account), .text(token.hash.hex), .text(token.scope.rawValue),
            token.label.map(SQLiteValue.text) ?? .null, token.created.map { .integer($0.millisecondsSince1970) } ?? .null,
            token.expires.map { .integer($0.millisecondsSince1970) } ?? .null,
        ])
    }

    private static func scope(_ text: String, of id: TokenID) throws -> TokenScope {
        guard let scope = TokenScope(rawValue: text) else { throw ServerStoreError.corrupt("token \(id) has an unknown scope '\(text)'") }
        return scope
    }

    public func removeToken(id: TokenID) async throws -> Bool {
        try guarded { connection in
            var removed = false
            try connection.query("DELETE FROM tokens WHERE id = ? RETURNING id", [.text(id.rawValue)]) { _ in removed = true }
            return removed
        }
    }

    public func accountSummaries() async throws -> [AccountSummary] {
        try reading { connection in
            var summaries: [AccountSummary] = []
            try connection.query("""
                SELECT accounts.id, accounts.name, accounts.created_ms,
                  (SELECT count(*) FROM notes WHERE notes.account_id = accounts.id AND deleted = 0),
                  (SELECT count(*) FROM tokens WHERE tokens.account_id = accounts.id),
                  (SELECT max(last_used_ms) FROM tokens WHERE tokens.account_id = accounts.id)
                FROM accounts ORDER BY accounts.name
                """) { row in
                summaries.append(AccountSummary(
                    account: Account(id: AccountID(row.integer(0)), name: row.text(1)),
                    created: row.optionalInteger(2).map(Date.init(millisecondsSince1970:)),
                    noteCount: Int(row.integer(3)), tokenCount: Int(row.integer(4)),
                    lastUsed: row.optionalInteger(5).map(Date.init(millisecondsSince1970:))))
            }
            return summaries
        }
    }

    public func deleteAccount(named name: String) async throws {
        let id = try guarded { connection in
            try connection.transaction {
                var id: Int64?
                try connection.query("SELECT id FROM accounts WHERE name = ?", [.text(name)]) { id = $0.integer(0) }
                guard let id else { throw ServerStoreError.accountNotFound(name) }
                for table in ["tokens", "note_revisions", "note_links", "note_names", "notes", "push_requests", "attachment_chunks", "attachments", "note_shares", "published_sites", "device_authorizations", "web_sessions", "identity_links"] {
                    try connection.query("DELETE FROM \(table) WHERE account_id = ?", [.integer(id)])
                }
                try connection.query("DELETE FROM accounts WHERE id = ?", [.integer(id)])
                return id
            }
        }
        // Once the rows are gone: a failed deletion leaves every byte its rows need.
        attachmentFiles.removeAll(of: AccountID(id))
    }

    public func recordUse(ofToken id: TokenID, at date: Date, address: String?) async throws {
        try guarded { connection in
            try connection.query("UPDATE tokens SET last_used_ms = ?, last_address = ? WHERE id = ? AND coalesce(last_used_ms, 0) <= ?",
                                 [.integer(date.millisecondsSince1970), address.map(SQLiteValue.text) ?? .null, .text(id.rawValue),
                                  .integer(date.millisecondsSince1970)])
        }
    }

    // MARK: Notes

    static let noteColumns = "id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence"

    public func note(_ id: NoteID, account: AccountID) async throws -> Note? {
        try reading { connection in try current(id, account: account, on: connection) }
    }

    public func notes(account: AccountID, tagged tag: Tag?, after: NoteID?, limit: Int) async throws -> NotePage {
        // `tags` holds the note's tags separated by single spaces (`Tag.joined`), and a tag has no space.
        try reading { connection in
            try Self.page(limit: limit, on: connection, """
                SELECT \(Self.noteColumns) FROM notes WHERE account_id = ? AND deleted = 0 AND id > ?
                  AND (?4 IS NULL OR instr(' ' || tags || ' ', ' ' || ?4 || ' ') > 0) ORDER BY id LIMIT ?3
                """, [.integer(account.rawValue), .text(after?.rawValue ?? ""), .integer(Int64(max(0, limit)) + 1),
                      tag.map { .text($0.rawValue) } ?? .null])
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
        // Each tag as its own parameter; `tags` holds a note's tags separated by single spaces.
        let tagFilters = search.tags.indices.map { " AND instr(' ' || tags || ' ', ' ' || ?\($0 + 5) || ' ') > 0" }.joined()
        let parameters: [SQLiteValue] = [
            search.match.map { .text($0) } ?? .null, .integer(account.rawValue), after.map { .text($0.rawValue) } ?? .null,
            .integer(Int64(size) + 1),
        ] + search.tags.map { .text($0.rawValue) }
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

    public func history(of id: NoteID, account: AccountID) async throws -> [NoteRevision] {
        try reading { connection in
            try connection.transaction(immediate: false) {
                guard let current = try current(id, account: account, on: connection) else { return [] }
                guard let revisions = RevisionRecord.revisions(current: current, records: try records(of: id, from: 0, account: account, on: connection)) else {
                    throw ServerStoreError.corrupt("the history of note \(id) cannot be rebuilt")
                }
                return revisions
            }
        }
    }

    public func revision(_ revision: Int, of id: NoteID, account: AccountID) async throws -> Note? {
        try reading { connection in
            try connection.transaction(immediate: false) {
                guard let current = try current(id, account: account, on: connection) else { return nil }
                return try note(current, at: revision, account: account, on: connection)
            }
        }
    }

    public func pruneHistory(_ retention: HistoryRetention, now: Date, dryRun: Bool) async throws -> PrunedHistory {
        guard retention != .all else { return PrunedHistory() }
        return try guarded { connection in
            try connection.transaction {
                var scan = HistoryPruningScan<AccountID>(retention: retention, now: now)
                try connection.query("""
                    SELECT r.account_id, r.note_id, r.revision, json_extract(r.record, '$.u'), n.updated_ms
                    FROM note_revisions r JOIN notes n ON n.account_id = r.account_id AND n.id = r.note_id
                    ORDER BY r.account_id, r.note_id, r.revision
                    """) { row in
                    scan.add(account: AccountID(row.integer(0)), note: row.text(1), revision: row.integer(2),
                             writtenMilliseconds: row.integer(3), currentMilliseconds: row.integer(4))
                }
                scan.finish()
                if !dryRun {
                    for drop in scan.drops {
                        try connection.query("DELETE FROM note_revisions WHERE account_id = ? AND note_id = ? AND revision <= ?",
                                             [.integer(drop.account.rawValue), .text(drop.note), .integer(drop.through)])
                    }
                }
                return scan.pruned
            }
        }
    }

    public func deletedNotes(account: AccountID, after: NoteID?, limit: Int) async throws -> NotePage {
        try reading { connection in
            try Self.page(limit: limit, on: connection, """
                SELECT \(Self.noteColumns) FROM notes WHERE account_id = ? AND deleted = 1 AND id > ? ORDER BY id LIMIT ?
                """, [.integer(account.rawValue), .text(after?.rawValue ?? ""), .integer(Int64(max(0, limit)) + 1)])
        }
    }

    public func changes(account: AccountID, after cursor: ChangeCursor, limit: Int) async throws -> AccountChangePage {
        try reading { connection in
            let size = max(0, limit)
            var notes: [Note] = [], cursors: [ChangeCursor] = [], unreadable: [UnreadableNote] = []
            var last = cursor.sequence
            var hasMore = false
            // One row more than asked for tells whether another page follows.
            try connection.query("""
                SELECT \(Self.noteColumns) FROM notes WHERE account_id = ? AND sequence > ? ORDER BY sequence LIMIT ?
                """, [.integer(account.rawValue), .integer(cursor.sequence), .integer(Int64(size) + 1)]) { row in
                guard notes.count + unreadable.count < size else {
                    hasMore = true
                    return
                }
                switch Self.decoded(row) {
                case .success(let note):
                    notes.append(note)
                    cursors.append(ChangeCursor(sequence: row.integer(8)))
                case .failure(let damaged): unreadable.append(damaged)
                }
                last = row.integer(8)
            }
            return AccountChangePage(notes: notes, cursors: cursors, next: ChangeCursor(sequence: last), hasMore: hasMore, unreadable: unreadable)
        }
    }

    /// From the `document` column, written with every note since schema version 3; `nil` for
    /// a note written before (the caller then reads it as a `Note`).
    public func encodedNote(_ id: NoteID, account: AccountID) async throws -> EncodedNote? {
        try reading { connection in
            var found: EncodedNote?
            try connection.query("SELECT revision, deleted, document FROM notes WHERE account_id = ? AND id = ? AND document IS NOT NULL",
                                 [.integer(account.rawValue), .text(id.rawValue)]) { row in
                var json: [UInt8] = []
                row.appendText(2, to: &json)
                found = EncodedNote(revision: Int(row.integer(0)), isDeleted: row.integer(1) != 0, json: json)
            }
            return found
        }
    }

    public func encodedChanges(account: AccountID, after cursor: ChangeCursor, limit: Int) async throws -> EncodedChangePage? {
        try reading { connection in
            let size = max(0, limit)
            var page = EncodedChangePageBuilder()
            var last = cursor.sequence
            var hasMore = false
            var complete = true
            try connection.query("""
                SELECT sequence, document FROM notes WHERE account_id = ? AND sequence > ? ORDER BY sequence LIMIT ?
                """, [.integer(account.rawValue), .integer(cursor.sequence), .integer(Int64(size) + 1)]) { row in
                guard page.count < size else {
                    hasMore = true
                    return
                }
                guard !row.isNull(1) else {
                    complete = false
                    return
                }
                page.appendNote { row.appendText(1, to: &$0) }
                last = row.integer(0)
            }
            guard complete else { return nil }
            return page.page(next: ChangeCursor(sequence: last), hasMore: hasMore)
        }
    }

    public func latestCursor(account: AccountID) async throws -> ChangeCursor {
        try reading { connection in ChangeCursor(sequence: try latestSequence(account: account, on: connection)) }
    }

    public func push(_ changes: [PushedChange], requestID: PushRequestID, digest: PushDigest, account: AccountID, at now: Date,
                     forgettingBefore: Date, keeping: @Sendable ([PushOutcome]) -> String) async throws -> PushStoring {
        defer { scheduleSearchCatchUp() }
        return try guarded { connection in
            // The text stays queued: indexed by the next search, not in the push's transaction.
            try connection.transaction {
                try connection.query("DELETE FROM push_requests WHERE account_id = ? AND created_ms < ?",
                                     [.integer(account.rawValue), .integer(forgettingBefore.millisecondsSince1970)])
                var kept: KeptPush?
                try connection.query("""
                    SELECT outcomes, digest, written_after, written_through FROM push_requests WHERE account_id = ? AND request_id = ?
                    """, [.integer(account.rawValue), .text(requestID.rawValue)]) {
                    kept = KeptPush(outcomes: $0.text(0), digest: $0.optionalText(1).map(PushDigest.init),
                                    written: WrittenChanges(after: $0.optionalInteger(2), through: $0.optionalInteger(3)))
                }
                if let kept { return .kept(kept) }
                let latestBefore = try latestSequence(account: account, on: connection)
                // The writes take the change numbers after it in order; the account's row is
                // updated once, at the end.
                var latest = latestBefore
                var outcomes: [PushOutcome] = []
                outcomes.reserveCapacity(changes.count)
                for change in changes {
                    let (current, hasRow) = try readableCurrent(change.note.id, account: account, on: connection)
                    let decision = try PushRule.decide(change, current: current) {
                        guard let current else { return nil }
                        return try note(current, at: $0, account: account, on: connection)
                    }
                    switch decision {
                    case .store(let note):
                        latest += 1
                        outcomes.append(.applied(try write(note, replacing: current, origin: .sync, mergeAncestor: nil,
                                                           document: change.document(of: note),
                                                           at: NoteSlot(sequence: latest, hasRow: hasRow), account: account, on: connection)))
                    case .merged(let note):
                        latest += 1
                        outcomes.append(.merged(try write(note, replacing: current, origin: .sync, mergeAncestor: change.baseRevision,
                                                          at: NoteSlot(sequence: latest, hasRow: hasRow), account: account, on: connection)))
                    case .conflict(let server): outcomes.append(.conflict(server))
                    }
                }
                if latest != latestBefore {
                    try connection.query("UPDATE accounts SET last_sequence = ? WHERE id = ?", [.integer(latest), .integer(account.rawValue)])
                }
                try connection.query("""
                    INSERT INTO push_requests (account_id, request_id, outcomes, created_ms, digest, written_after, written_through)
                    VALUES (?, ?, ?, ?, ?, ?, ?)
                    """, [.integer(account.rawValue), .text(requestID.rawValue), .text(keeping(outcomes)),
                          .integer(now.millisecondsSince1970), .text(digest.rawValue), .integer(latestBefore), .integer(latest)])
                return .applied(PushAnswer(outcomes: outcomes, written: WrittenChanges(after: ChangeCursor(sequence: latestBefore),
                                                                                       through: ChangeCursor(sequence: latest))))
            }
        }
    }

    // MARK: Helpers (called inside `guarded`)

    /// The account's note `id` (`nil`: none); `ServerStoreError.corrupt`, naming it, if its row cannot be read.
    private func current(_ id: NoteID, account: AccountID, on connection: SQLiteConnection) throws -> Note? {
        try storedRow(id, account: account, on: connection)?.mapError { ServerStoreError.corrupt($0.description) }.get()
    }

    /// The account's row under `id`, decoded; `nil` if there is none.
    private func storedRow(_ id: NoteID, account: AccountID, on connection: SQLiteConnection) throws -> Result<Note, UnreadableNote>? {
        var row: Result<Note, UnreadableNote>?
        try connection.query("SELECT \(Self.noteColumns) FROM notes WHERE account_id = ? AND id = ?",
                             [.integer(account.rawValue), .text(id.rawValue)]) { row = Self.decoded($0) }
        return row
    }

    /// The account's last change number: the cursor of a client that has pulled everything.
    private func latestSequence(account: AccountID, on connection: SQLiteConnection) throws -> Int64 {
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

    /// The stored note a push decides against, and whether the account holds a row under its ID
    /// at all. A stored copy that cannot be read counts as lost (as `PushRule` puts it), so the
    /// pushed note replaces, and so repairs, the record instead of failing the whole push.
    private func readableCurrent(_ id: NoteID, account: AccountID, on connection: SQLiteConnection) throws -> (note: Note?, hasRow: Bool) {
        let row = try storedRow(id, account: account, on: connection)
        return (try? row?.get(), row != nil)
    }

    /// The records of the note's revisions from `revision` on, oldest first.
    private func records(of id: NoteID, from revision: Int, account: AccountID, on connection: SQLiteConnection) throws -> [RevisionRecord] {
        var records: [RevisionRecord] = []
        try connection.query("SELECT record FROM note_revisions WHERE account_id = ? AND note_id = ? AND revision >= ? ORDER BY revision",
                             [.integer(account.rawValue), .text(id.rawValue), .integer(Int64(revision))]) { row in
            guard let record = try? RevisionRecord.decode(row.text(0)) else {
                throw ServerStoreError.corrupt("a revision of note \(id) cannot be read")
            }
            records.append(record)
        }
        return records
    }

    /// The note `current` was at `revision`, if its history holds it.
    private func note(_ current: Note, at revision: Int, account: AccountID, on connection: SQLiteConnection) throws -> Note? {
        if current.revision == revision { return current }
        return RevisionRecord.note(at: revision, current: current,
                                   records: try records(of: current.id, from: revision, account: account, on: connection))
    }

    /// Where a write lands: the change number it takes, and whether the account holds a row under
    /// the note's ID already (a new row has no link or name rows to replace: they go with their
    /// note's row, in `deleteAccount` as everywhere).
    private struct NoteSlot {
        let sequence: Int64
        let hasRow: Bool
    }

    /// Stores `note` as given (revision included) at `slot`, and `replacing`, the revision it
    /// replaces, in the note's history, with where `note` came from; `document` is `note`'s JSON
    /// when the caller has it (a push's change stored as sent).
    private func write(_ note: Note, replacing: Note?, origin: RevisionOrigin, mergeAncestor: Int?, document: [UInt8]? = nil,
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
    private static func page(limit: Int, on connection: SQLiteConnection, _ sql: String, _ parameters: [SQLiteValue]) throws -> NotePage {
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
            return sqlite.isFull ? ServerStoreError.storageFull(sqlite.description) : ServerStoreError.unavailable(sqlite.description)
        }
        if let file = error as? POSIXFileError {
            return file.isNoSpace ? ServerStoreError.storageFull(file.description) : ServerStoreError.unavailable(file.description)
        }
        return error
    }
}
