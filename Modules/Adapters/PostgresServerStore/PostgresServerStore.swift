import Foundation
import Logging
import PostgresNIO
import QuillModels
import ServerStoreInterface
import StandardInterfaces
import ServiceLifecycle

/// A database that accepted no connection in time, or refused the one it accepted
/// (`waitUntilReachable`), with the reason in words.
public struct PostgresUnreachable: Error, CustomStringConvertible {
    public let description: String
}

/// The store for several `quill-server` processes behind a load balancer: PostgreSQL
/// through postgres-nio's connection pool.
///
/// Every write transaction first locks its account's row, which serializes one account's
/// writes across all processes, so change numbers are assigned and committed in order and
/// a change feed reader never skips a write that commits late.
public final class PostgresServerStore: ServerNoteRepository, AccountRepository, SchemaMigrating, ReadinessChecking, Service {
    let client: PostgresClient
    let logger: Logger

    /// A store for `url` (`postgres://user:password@host:port/database`). Run it (`run()`,
    /// e.g. in a service group) for as long as it is used.
    public init(url: String, logger: Logger) throws {
        client = PostgresClient(configuration: try PostgresURL.configuration(url), backgroundLogger: logger)
        self.logger = logger
    }

    /// Why `url` cannot be used as a store's address (no user name, an unknown `sslmode`, …),
    /// or `nil` if it can: for checking a setting before anything is opened.
    public static func problem(withURL url: String) -> String? {
        do {
            _ = try PostgresURL.configuration(url)
            return nil
        } catch {
            return error.reason
        }
    }

    /// Returns once the database accepts a connection and answers, or throws
    /// `PostgresUnreachable` saying why not: the pool itself keeps retrying a database that is
    /// down, which would make start-up wait forever, so this gives up after `timeout`.
    public func waitUntilReachable(within timeout: Duration) async throws(PostgresUnreachable) {
        let outcome: String? = await withTaskGroup(of: String?.self) { group in
            group.addTask {
                do {
                    _ = try await self.client.withConnection { try await $0.query("SELECT 1", logger: self.logger) }
                    return nil
                } catch let error as PSQLError {
                    return error.serverInfo?[.message] ?? error.underlying.map { "\($0)" } ?? "\(error.code)"
                } catch {
                    return "\(error)"
                }
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return "accepted no connection within \(timeout.components.seconds) s (the log above says why)"
            }
            defer { group.cancelAll() }
            return await group.next() ?? nil
        }
        if let outcome { throw PostgresUnreachable(description: outcome) }
    }

    /// Runs the connection pool until the task is cancelled or a graceful shutdown is triggered.
    public func run() async throws {
        await client.run()
    }

    public func migrate() async throws {
        try await migrate(to: PostgresMigrations.all)
        try await documentUndocumentedNotes()
        try await indexUnsearchedNotes()
        try await indexUnlinkedNotes()
    }

    /// Gives every live note written before migration 6 its `search` vector, a batch per
    /// transaction; the partial index `notes_unsearched` finds them, so with none left this is
    /// one index probe. Several processes starting together each take other rows (`SKIP LOCKED`).
    func indexUnsearchedNotes() async throws {
        while true {
            let indexed: Int = try await guarded {
                try await client.withTransaction(logger: logger) { connection in
                    let rows = try await connection.query("""
                        SELECT account_id, id, title, body FROM notes WHERE search IS NULL AND NOT deleted
                        LIMIT 500 FOR UPDATE SKIP LOCKED
                        """, logger: logger)
                    var batch: [(Int64, String, PostgresVector)] = []
                    for try await (account, id, title, body) in rows.decode((Int64, String, String, String).self) {
                        batch.append((account, id, PostgresSearchText.vector(title: PostgresText.read(title), body: PostgresText.read(body))))
                    }
                    for (account, id, vector) in batch {
                        try await connection.query(
                            "UPDATE notes SET search = \(vector) WHERE account_id = \(account) AND id = \(id)", logger: logger)
                    }
                    return batch.count
                }
            }
            if indexed == 0 { return }
        }
    }

    /// Applies whichever of `migrations` the database lacks, after refusing a database that a
    /// newer release migrated further (tests pass a longer list to play that newer release).
    func migrate(to migrations: [(version: Int64, statements: [PostgresQuery])]) async throws {
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                // One process migrates at a time, however many start together.
                try await connection.query("SELECT pg_advisory_xact_lock(7746571)", logger: logger)
                try await connection.query(
                    "CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, applied_ms BIGINT NOT NULL)",
                    logger: logger)
                var applied = Set<Int64>()
                for try await version in try await connection.query("SELECT version FROM schema_migrations", logger: logger)
                    .decode(Int64.self) { applied.insert(version) }
                try SchemaDowngradeCheck.check(applied: applied, known: migrations.map(\.version))
                for migration in migrations where !applied.contains(migration.version) {
                    for statement in migration.statements { try await connection.query(statement, logger: logger) }
                    let now = Date().millisecondsSince1970
                    try await connection.query(
                        "INSERT INTO schema_migrations (version, applied_ms) VALUES (\(migration.version), \(now))", logger: logger)
                }
            }
        }
    }

    public func checkReady() async throws {
        _ = try await guarded { try await client.query("SELECT 1", logger: logger) }
    }

    // MARK: Notes

    public func note(_ id: NoteID, account: AccountID) async throws -> Note? {
        try await guarded {
            try await client.withConnection { connection in try await current(id, account: account, on: connection) }
        }
    }

    public func notes(account: AccountID, tagged tag: Tag?, after: NoteID?, limit: Int) async throws -> NotePage {
        try await guarded {
            let size = max(0, limit)
            // One row more than asked for tells whether another page follows. `tags` holds the
            // note's tags separated by single spaces (`Tag.joined`), escaped as `PostgresText` stores text.
            // The tag in each form a note may hold it in (`Tag.storedForms`).
            let forms = tag.map { $0.storedForms.map(PostgresText.stored) }
            let rows = try await client.query("""
                SELECT id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence FROM notes
                WHERE account_id = \(account.rawValue) AND NOT deleted AND id > \(after?.rawValue ?? "")
                  AND (\(forms)::text[] IS NULL OR \(forms)::text[] && string_to_array(tags, ' '))
                ORDER BY id COLLATE "C" LIMIT \(Int64(size) + 1)
                """, logger: logger)
            return try await NoteRows.page(rows, limit: size)
        }
    }

    /// Ranked by `ts_rank` over the `search` column (migration 6), the title at weight A; the
    /// keyset `(score, id)` of the `after` note, recomputed in the same statement, starts the page.
    public func search(_ query: SearchQuery, account: AccountID, tagged tag: Tag?, after: NoteID?, limit: Int) async throws -> NotePage {
        let text: String?
        do { text = try PostgresSearchText.query(query) } catch { return NotePage(notes: [], last: nil, hasMore: false) }
        // Each tag as its form, and as its other stored form (`Tag.storedForms`; the same where it
        // has none): a note holds every tag in either.
        var tags: [String] = [], otherForms: [String] = []
        for candidate in query.tags + (tag.map { [$0] } ?? []) where !tags.contains(PostgresText.stored(candidate.rawValue)) {
            let forms = candidate.storedForms.map(PostgresText.stored)
            tags.append(forms[0])
            otherForms.append(forms.last!)
        }
        let size = max(0, limit)
        // `tags` holds a note's tags separated by single spaces, escaped as `PostgresText` stores text.
        return try await guarded {
            let rows = try await client.query("""
                WITH ranked AS MATERIALIZED (
                  SELECT id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence,
                         CASE WHEN \(text)::text IS NULL THEN 0 ELSE ts_rank(search, \(text)::tsquery) END AS score
                  FROM notes
                  WHERE account_id = \(account.rawValue) AND NOT deleted AND (\(text)::text IS NULL OR search @@ \(text)::tsquery)
                    AND NOT EXISTS (SELECT 1 FROM unnest(\(tags)::text[], \(otherForms)::text[]) AS wanted(tag, other)
                                    WHERE NOT (string_to_array(notes.tags, ' ') && ARRAY[wanted.tag, wanted.other]))
                )
                SELECT id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence FROM ranked
                WHERE \(after?.rawValue)::text IS NULL
                   OR (-score, id COLLATE "C") > (SELECT -score, id COLLATE "C" FROM ranked WHERE id = \(after?.rawValue)::text)
                ORDER BY score DESC, id COLLATE "C" LIMIT \(Int64(size) + 1)
                """, logger: logger)
            return try await NoteRows.page(rows, limit: size)
        }
    }

    public func create(_ note: Note, account: AccountID) async throws -> Note {
        try await writing(account) { connection in
            guard try await current(note.id, account: account, on: connection) == nil else {
                throw ServerStoreError.alreadyExists(note.id)
            }
            return try await write(note.withRevision(1), account: account, on: connection)
        }
    }

    public func replace(_ note: Note, account: AccountID, ifRevision: Int, origin: RevisionOrigin,
                        mergeAncestor: Int?) async throws -> Note {
        try await writing(account) { connection in
            guard let existing = try await current(note.id, account: account, on: connection) else {
                throw ServerStoreError.notFound(note.id)
            }
            guard existing.revision == ifRevision else { throw ServerStoreError.revisionMismatch(note.id, current: existing.revision) }
            let next = try note.withRevision(ifRevision + 1)
            let written = try await write(next, account: account, on: connection)
            try await keep([KeptRevision(replaced: existing, replacing: next, mergeAncestor: mergeAncestor)], origin: origin,
                           account: account, on: connection)
            return written
        }
    }

    // MARK: Helpers

    /// Runs `body` in a transaction that holds the account's row lock.
    func writing<T: Sendable>(_ account: AccountID, _ body: (PostgresConnection) async throws -> T) async throws -> T {
        try await guarded {
            try await client.withTransaction(logger: logger) { connection in
                var found = false
                for try await _ in try await connection.query(
                    "SELECT id FROM accounts WHERE id = \(account.rawValue) FOR UPDATE", logger: logger).decode(Int64.self) {
                    found = true
                }
                guard found else { throw ServerStoreError.corrupt("no account \(account)") }
                return try await body(connection)
            }
        }
    }

    func current(_ id: NoteID, account: AccountID, on connection: PostgresConnection) async throws -> Note? {
        let rows = try await connection.query("""
            SELECT id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence FROM notes
            WHERE account_id = \(account.rawValue) AND id = \(id.rawValue)
            """, logger: logger)
        for try await row in rows.decode(NoteRow.self) { return try NoteRows.note(row) }
        return nil
    }

    /// The account's last change number: the cursor of a client that has pulled everything.
    func latestSequence(account: AccountID, on connection: PostgresConnection) async throws -> Int64 {
        for try await sequence in try await connection.query(
            "SELECT last_sequence FROM accounts WHERE id = \(account.rawValue)", logger: logger).decode(Int64.self) {
            return sequence
        }
        throw ServerStoreError.corrupt("no account \(account)")
    }

    /// A revision a write replaces, the one replacing it, and the revision a merge started from.
    struct KeptRevision {
        let replaced: Note
        let replacing: Note
        let mergeAncestor: Int?
    }

    /// Keeps each replaced revision in its note's history, as a record against the revision
    /// replacing it: one statement for the whole batch. Runs after the notes are written, so that
    /// each has its row (a note pushed twice in one request is created by the first change), which
    /// holds the note's history number.
    func keep(_ pairs: [KeptRevision], origin: RevisionOrigin, account: AccountID,
                      on connection: PostgresConnection) async throws {
        let changed = pairs.filter { !$0.replaced.hasSameContent(as: $0.replacing) }
        guard !changed.isEmpty else { return }
        let noteIDs = Array(Set(changed.map(\.replaced.id.rawValue)))
        // A note's first record gives it a history number; its row keeps it through every write.
        try await connection.query("""
            UPDATE notes SET history_id = nextval('note_history_ids')
            WHERE account_id = \(account.rawValue) AND id = ANY(\(noteIDs)) AND history_id IS NULL
            """, logger: logger)
        var histories: [String: (id: Int64, kept: Int64)] = [:]
        for try await (note, history, count) in try await connection.query("""
            SELECT n.id, n.history_id, (SELECT count(*) FROM note_revisions r WHERE r.history_id = n.history_id)
            FROM notes n WHERE n.account_id = \(account.rawValue) AND n.id = ANY(\(noteIDs)) AND n.history_id IS NOT NULL
            """, logger: logger).decode((String, Int64, Int64).self) {
            histories[note] = (history, count)
        }
        var ids: [Int64] = [], revisions: [Int64] = [], records: [String] = []
        for pair in changed {
            guard let history = histories[pair.replaced.id.rawValue] else { throw ServerStoreError.corrupt("no history row for note \(pair.replaced.id)") }
            let count = history.kept + 1
            histories[pair.replaced.id.rawValue]?.kept = count
            ids.append(history.id)
            revisions.append(Int64(pair.replaced.revision))
            records.append(String(RevisionRecord.encode(pair.replaced, replacing: pair.replacing, origin: origin, mergeAncestor: pair.mergeAncestor,
                                                        whole: count % Int64(RevisionRecord.keyframeInterval) == 0).dropLast()))
        }
        try await connection.query("""
            INSERT INTO note_revisions (history_id, revision, record)
            SELECT r.history_id, r.revision, r.record
            FROM unnest(\(ids)::bigint[], \(revisions)::bigint[], \(records)::text[]) AS r(history_id, revision, record)
            ON CONFLICT (history_id, revision) DO UPDATE SET record = excluded.record
            """, logger: logger)
    }

    /// Stores `notes` as given (revisions included) with `documents`, their JSON, each under the
    /// account's next change number, in order: one statement, or one per note when a note comes
    /// twice (one statement cannot write a row twice).
    func write(_ notes: [Note], documents: [[UInt8]], account: AccountID, on connection: PostgresConnection) async throws {
        guard !notes.isEmpty else { return }
        guard Set(notes.map(\.id)).count == notes.count else {
            for (note, document) in zip(notes, documents) { _ = try await write(note, document: document, account: account, on: connection) }
            return
        }
        let count = Int64(notes.count)
        try await connection.query("""
            WITH next AS (UPDATE accounts SET last_sequence = last_sequence + \(count) WHERE id = \(account.rawValue) RETURNING last_sequence)
            INSERT INTO notes (account_id, id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence, search, document,
                               links_indexed)
            SELECT \(account.rawValue), w.id, w.title, w.body, w.tags, w.created_ms, w.updated_ms, w.revision, w.deleted,
                   next.last_sequence - \(count) + w.position, CASE WHEN w.deleted THEN NULL ELSE w.search END, w.document, TRUE
            FROM next, unnest(\(notes.map(\.id.rawValue))::text[], \(notes.map { PostgresText.stored($0.title) })::text[],
                              \(notes.map { PostgresText.stored($0.body) })::text[], \(notes.map { PostgresText.stored(Tag.joined($0.tags)) })::text[],
                              \(notes.map(\.created.millisecondsSince1970))::bigint[], \(notes.map(\.updated.millisecondsSince1970))::bigint[],
                              \(notes.map { Int64($0.revision) })::bigint[], \(notes.map(\.isDeleted))::boolean[],
                              \(notes.map { $0.isDeleted ? .empty : PostgresSearchText.vector(title: $0.title, body: $0.body) })::tsvector[],
                              \(documents.map { String(decoding: $0, as: UTF8.self) })::text[])
                 WITH ORDINALITY AS w(id, title, body, tags, created_ms, updated_ms, revision, deleted, search, document, position)
            ON CONFLICT (account_id, id) DO UPDATE SET title = excluded.title, body = excluded.body, tags = excluded.tags,
              created_ms = excluded.created_ms, updated_ms = excluded.updated_ms, revision = excluded.revision,
              deleted = excluded.deleted, sequence = excluded.sequence, search = excluded.search, document = excluded.document,
              links_indexed = TRUE
            """, logger: logger)
        try await writeLinks(of: notes, account: account, on: connection)
    }

    /// Stores `note` as given (revision included) with `document`, its JSON (made here if not
    /// given), under the account's next change number.
    func write(_ note: Note, document: [UInt8]? = nil, account: AccountID, on connection: PostgresConnection) async throws -> Note {
        let (title, body) = (PostgresText.stored(note.title), PostgresText.stored(note.body))
        let tags = PostgresText.stored(Tag.joined(note.tags))
        let search = note.isDeleted ? nil : PostgresSearchText.vector(title: note.title, body: note.body)
        let json = String(decoding: document ?? NoteDocument(note).jsonBytes(), as: UTF8.self)
        try await connection.query("""
            WITH next AS (UPDATE accounts SET last_sequence = last_sequence + 1 WHERE id = \(account.rawValue) RETURNING last_sequence)
            INSERT INTO notes (account_id, id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence, search, document,
                               links_indexed)
            SELECT \(account.rawValue), \(note.id.rawValue), \(title), \(body), \(tags),
                   \(note.created.millisecondsSince1970), \(note.updated.millisecondsSince1970), \(Int64(note.revision)),
                   \(note.isDeleted), next.last_sequence, \(search), \(json), TRUE FROM next
            ON CONFLICT (account_id, id) DO UPDATE SET title = excluded.title, body = excluded.body, tags = excluded.tags,
              created_ms = excluded.created_ms, updated_ms = excluded.updated_ms, revision = excluded.revision,
              deleted = excluded.deleted, sequence = excluded.sequence, search = excluded.search, document = excluded.document,
              links_indexed = TRUE
            """, logger: logger)
        try await writeLinks(of: [note], account: account, on: connection)
        return note
    }

    /// Runs `body`, turning postgres-nio's errors into `ServerStoreError.unavailable`.
    func guarded<T>(_ body: () async throws -> T) async throws -> T {
        do { return try await body() } catch let error as ServerStoreError { throw error } catch let error as PostgresTransactionError
            where error.closureError is ServerStoreError {
            // A refusal inside a transaction (rolled back cleanly): the refusal is the answer.
            throw error.closureError ?? error
        } catch {
            logger.error("PostgreSQL failed", metadata: ["error": "\(String(reflecting: error))"])
            if Self.isDiskFull(error) { throw ServerStoreError.storageFull("PostgreSQL could not extend a file (SQLSTATE 53100)") }
            throw ServerStoreError.unavailable(String(describing: error))
        }
    }

    /// Whether PostgreSQL refused a write for want of disk space (`disk_full`, SQLSTATE 53100),
    /// itself or inside a transaction.
    private static func isDiskFull(_ error: any Error) -> Bool {
        if let failure = error as? PSQLError { return failure.serverInfo?[.sqlState] == "53100" }
        if let failure = error as? PostgresTransactionError {
            return [failure.beginError, failure.closureError, failure.commitError].contains { $0.map(isDiskFull) ?? false }
        }
        return false
    }
}

/// A `notes` row as selected above: id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence.
/// Title, body and tags are text escaped by `PostgresText` (PostgreSQL's `text` cannot hold U+0000).
typealias NoteRow = (String, String, String, String, Int64, Int64, Int64, Bool, Int64)

enum NoteRows {
    /// A page of at most `limit` notes from `rows`, which hold one row more than the page (that
    /// row tells whether another page follows); an unreadable note counts toward the limit and
    /// is reported in `unreadable`.
    static func page(_ rows: PostgresRowSequence, limit: Int) async throws -> NotePage {
        var notes: [Note] = [], unreadable: [UnreadableNote] = []
        var last: NoteID?
        var hasMore = false
        for try await row in rows.decode(NoteRow.self) {
            guard notes.count + unreadable.count < limit else {
                hasMore = true
                continue
            }
            switch decoded(row) {
            case .success(let note): notes.append(note)
            case .failure(let damaged): unreadable.append(damaged)
            }
            last = NoteID(row.0) ?? last
        }
        return NotePage(notes: notes, unreadable: unreadable, last: last, hasMore: hasMore)
    }

    /// The row's note; `ServerStoreError.corrupt` naming the note if it cannot be read.
    static func note(_ row: NoteRow) throws -> Note {
        try decoded(row).mapError { ServerStoreError.corrupt($0.description) }.get()
    }

    /// The row's note, by the same rules every door applies (`Note.init`, `Tag.split`).
    static func decoded(_ row: NoteRow) -> Result<Note, UnreadableNote> {
        guard let id = NoteID(row.0) else { return .failure(UnreadableNote(id: row.0, reason: "'\(row.0)' is not a note ID")) }
        do {
            return .success(try Note(id: id, title: PostgresText.read(row.1), body: PostgresText.read(row.2),
                                     tags: Tag.split(PostgresText.read(row.3)),
                                     created: Date(millisecondsSince1970: row.4), updated: Date(millisecondsSince1970: row.5),
                                     revision: Int(row.6), isDeleted: row.7))
        } catch {
            return .failure(UnreadableNote(id: row.0, reason: "\(error)"))
        }
    }
}
