import Foundation
import Logging
import PostgresNIO
@testable import PostgresServerStore
import QuillModels
import ServerFeature
import ServerStoreInterface
import SQLiteKit
@testable import SQLiteServerStore
import Testing
import StandardInterfaces

/// Upgrades: a database of every earlier schema version (Fixtures/, written by make_fixtures.py
/// from the migrations as they were committed) migrates to the current schema with nothing lost:
/// accounts, tokens, notes with their revisions and tombstones, the change feed's order and
/// numbering, and stored push answers.
@Suite struct UpgradeTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static let sqliteFixtures = ["sqlite-v1", "sqlite-v2", "sqlite-v3-without-rowid", "sqlite-v3"]
    static let postgresFixtures = ["postgres-v1", "postgres-v2"]

    static func sql(_ name: String) throws -> String {
        try String(contentsOf: fixtures.appendingPathComponent(name + ".sql"), encoding: .utf8)
    }

    @Test(arguments: sqliteFixtures)
    func sqliteMigratesWithoutLoss(_ fixture: String) async throws {
        let directory = try temporaryDirectory("quill-upgrade")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("old.sqlite").path
        let loading = try SQLiteConnection.serverStore(path: path)
        try loading.execute(try Self.sql(fixture))
        loading.close()

        let store = try SQLiteServerStore(path: path)
        defer { store.close() }
        try await store.migrate()
        try await Self.expectNothingLost(store)
        #expect(try SQLiteBackup.schemaVersion(ofBackup: path) == SQLiteMigrations.all.map(\.version).max())
    }

    /// Version 15 indexes every note again: before it, FTS5 took a word with marks outside
    /// Latin's as it stood and cut it at each (`हिन्दी` as ह, न, द), so such a word was never found.
    /// A note indexed that way is found after the upgrade, and edited and deleted cleanly.
    @Test func sqliteNotesIndexedBeforeVersion15AreFoundByTheirWords() async throws {
        try await Self.withSQLiteStore(migratedTo: 14) { store, path in
            let account = try await store.newAccount("alice")
            try EarlierSQLiteServer.write(try [("a1", "मुझे हिन्दी पसंद है"), ("a2", "مَرحَبًا بالعالم"), ("a3", "plain words")].map {
                try Sample.note($0.0, title: "Note", body: $0.1)
            }, account: account, databaseAt: path)
            // What a server before version 15 indexed: each text as it stands.
            let connection = try SQLiteConnection.serverStore(path: path)
            try connection.execute("""
                INSERT INTO notes_search (notes_search, rowid, title, body)
                    SELECT 'delete', rowid, quill_search_text(title), quill_search_text(body) FROM notes;
                INSERT INTO notes_search (rowid, title, body) SELECT rowid, title, body FROM notes;
                """)
            connection.close()
            func found(_ text: String) async throws -> [String] {
                try await store.search(try SearchQuery(text), account: account, tagged: nil, after: nil, limit: 10).notes.map(\.id.rawValue)
            }
            #expect(try await found("हिन्दी").isEmpty)
            try await store.migrate()
            #expect(try await found("हिन्दी") == ["a1"])
            #expect(try await found("مَرحَبًا") == ["a2"])
            #expect(try await found("plain") == ["a3"])
            _ = try await store.replace(try Sample.note("a1", title: "Note", body: "नया पाठ", revision: 2), account: account, ifRevision: 1, origin: .api)
            _ = try await store.delete(try #require(NoteID("a2")), account: account, ifRevision: 1, at: Sample.date, origin: .api)
            #expect(try await found("हिन्दी").isEmpty)
            #expect(try await found("पाठ") == ["a1"])
            #expect(try await found("بالعالم").isEmpty)
            let checking = try SQLiteConnection.serverStore(path: path)
            defer { checking.close() }
            try checking.execute("INSERT INTO notes_search (notes_search) VALUES ('integrity-check')")
        }
    }

    /// Version 17 finds a note's names by the note's rowid (`note_row`), which version 16 did not
    /// write. The names a version-16 server wrote get their note's rowid when the store migrates:
    /// links still reach them, and a renamed note's old names go rather than linger. And its
    /// search index merges eight segments at a time.
    @Test func sqliteNamesWrittenBeforeVersion17AreFoundByTheirNote() async throws {
        try await Self.withSQLiteStore(migratedTo: 16) { store, path in
            let account = try await store.newAccount("alice")
            let groceries = try Sample.note("0a01", title: "Groceries", body: "---\naliases: [Shopping list]\n---\nMilk")
            let other = try Sample.note("0a02", title: "Other", body: "text")
            try EarlierSQLiteServer.write([groceries, other], account: account, databaseAt: path, namesByID: true)

            try await store.migrate()
            let linker = try await store.create(try Sample.note("0a03", title: "Linker", body: "[[groceries]], [[Shopping List]], [[Other]]"),
                                                account: account)
            #expect(try await store.backlinks(to: groceries.id, account: account).map(\.source) == [linker.id, linker.id])
            #expect(try await store.backlinks(to: other.id, account: account).map(\.source) == [linker.id])
            #expect(try await store.brokenLinks(account: account, after: nil, limit: 10).links.isEmpty)
            _ = try await store.replace(try Sample.note("0a01", title: "Errands", body: "Milk", revision: 2), account: account,
                                        ifRevision: 1, origin: .api)
            #expect(try await store.brokenLinks(account: account, after: nil, limit: 10).links.map(\.link.link.target)
                    == ["groceries", "Shopping List"])
            let checking = try SQLiteConnection.serverStore(path: path)
            defer { checking.close() }
            var names: [String] = []
            try checking.query("SELECT name FROM note_names WHERE note_row IS NULL OR note_id = '0a01'") { names.append($0.text(0)) }
            #expect(names == [LinkName.folded("Errands")])
            var automerge: Int64 = 0
            try checking.query("SELECT v FROM notes_search_config WHERE k = 'automerge'") { automerge = $0.integer(0) }
            #expect(automerge == 8)
        }
    }

    /// Before version 21 (SQLite) and 20 (PostgreSQL), link names kept Greek final sigma (ς)
    /// apart from σ, so a title in capitals was not reached by its word in lower case. What such
    /// a server stored, `greekRowsAsBefore` writes back; the upgrade indexes those notes again.
    static let greekNotes = (settings: "ΡΥΘΜΊΣΕΙΣ του συστήματος", source: "[[ρυθμίσεις του συστήματος]] [[Σημειώσεις]]",
                             notes: "σημειώσεις")
    static let greekRowsAsBefore = [
        "UPDATE note_links SET target = 'ρυθμίσεις του συστήματος' WHERE target = 'ρυθμίσεισ του συστήματοσ';",
        "UPDATE note_names SET name = 'σημειώσεις' WHERE name = 'σημειώσεισ';",
    ]

    static func expectGreekLinksReached(_ store: some ServerLinkRepository, account: AccountID, reached: Bool) async throws {
        let links = try await store.links(from: try #require(NoteID("0c03")), account: account)
        #expect(links.map { $0.resolution.chosen?.id.rawValue } == (reached ? ["0c01", "0c02"] : [nil, nil]))
    }

    @Test func sqliteGreekNamesOfVersion20AreIndexedAgain() async throws {
        try await Self.withSQLiteStore(migratedTo: 20) { store, path in
            let account = try await store.newAccount("alice")
            _ = try await store.create(try Sample.note("0c01", title: Self.greekNotes.settings), account: account)
            _ = try await store.create(try Sample.note("0c02", title: Self.greekNotes.notes), account: account)
            _ = try await store.create(try Sample.note("0c03", title: "Πηγή", body: Self.greekNotes.source), account: account)
            let writing = try SQLiteConnection.serverStore(path: path)
            for statement in Self.greekRowsAsBefore { try writing.execute(statement) }
            writing.close()
            try await Self.expectGreekLinksReached(store, account: account, reached: false)

            try await store.migrate()
            try await Self.expectGreekLinksReached(store, account: account, reached: true)
            #expect(try await store.brokenLinks(account: account, after: nil, limit: 10).links.isEmpty)
        }
    }

    @Test(.enabled(if: TestPostgres.url != nil, "needs QUILL_TEST_POSTGRES_URL: run `Tools/with-postgres.sh swift test`"))
    func postgresGreekNamesOfVersion19AreIndexedAgain() async throws {
        try await TestPostgres.withStore(migratedTo: 19) { store in
            let account = try await store.newAccount("alice")
            _ = try await store.create(try Sample.note("0c01", title: Self.greekNotes.settings), account: account)
            _ = try await store.create(try Sample.note("0c02", title: Self.greekNotes.notes), account: account)
            _ = try await store.create(try Sample.note("0c03", title: "Πηγή", body: Self.greekNotes.source), account: account)
            for statement in Self.greekRowsAsBefore {
                try await store.client.query(PostgresQuery(unsafeSQL: statement), logger: Logger(label: "test.upgrade"))
            }
            try await Self.expectGreekLinksReached(store, account: account, reached: false)
            try await store.migrate()
            try await Self.expectGreekLinksReached(store, account: account, reached: true)
        }
    }

    /// Before version 22 (both stores), a fence in a list item or a quotation was not code: a
    /// link in it was indexed. What such a server stored, `listCodeRowsAsBefore` writes back; the
    /// upgrade indexes the notes holding a fence again, and the link in code is gone.
    static let listCodeNotes = (target: "Target", source: "- see [[Target|it]]\n- ```md\n  [[Target]] in code\n  ```")
    static func listCodeRowsAsBefore(account: AccountID) -> String {
        """
        INSERT INTO note_links (account_id, note_id, position, target, written, fragment, label, form, line, context)
        VALUES (\(account.rawValue), '0e02', 1, '\(LinkName.folded("Target"))', 'Target', NULL, NULL, 0, 3, '[[Target]] in code')
        """
    }

    static func expectListCodeLinks(_ store: some ServerLinkRepository, account: AccountID, count: Int) async throws {
        #expect(try await store.backlinks(to: try #require(NoteID("0e01")), account: account).count == count)
    }

    @Test func sqliteLinksInListCodeOfVersion21AreIndexedAgain() async throws {
        try await Self.withSQLiteStore(migratedTo: 21) { store, path in
            let account = try await store.newAccount("alice")
            _ = try await store.create(try Sample.note("0e01", title: Self.listCodeNotes.target), account: account)
            _ = try await store.create(try Sample.note("0e02", title: "Source", body: Self.listCodeNotes.source), account: account)
            let writing = try SQLiteConnection.serverStore(path: path)
            try writing.execute(Self.listCodeRowsAsBefore(account: account))
            writing.close()
            try await Self.expectListCodeLinks(store, account: account, count: 2)

            try await store.migrate()
            try await Self.expectListCodeLinks(store, account: account, count: 1)
        }
    }

    @Test(.enabled(if: TestPostgres.url != nil, "needs QUILL_TEST_POSTGRES_URL: run `Tools/with-postgres.sh swift test`"))
    func postgresLinksInListCodeOfVersion21AreIndexedAgain() async throws {
        try await TestPostgres.withStore(migratedTo: 21) { store in
            let account = try await store.newAccount("alice")
            _ = try await store.create(try Sample.note("0e01", title: Self.listCodeNotes.target), account: account)
            _ = try await store.create(try Sample.note("0e02", title: "Source", body: Self.listCodeNotes.source), account: account)
            try await store.client.query(PostgresQuery(unsafeSQL: Self.listCodeRowsAsBefore(account: account)), logger: Logger(label: "test.upgrade"))
            try await Self.expectListCodeLinks(store, account: account, count: 2)
            try await store.migrate()
            try await Self.expectListCodeLinks(store, account: account, count: 1)
        }
    }

    @Test(.enabled(if: TestPostgres.url != nil, "needs QUILL_TEST_POSTGRES_URL: run `Tools/with-postgres.sh swift test`"),
          arguments: postgresFixtures)
    func postgresMigratesWithoutLoss(_ fixture: String) async throws {
        let database = try await TestPostgres.freshDatabase()
        do {
            try await Self.load(try Self.sql(fixture), into: database.url)
            let store = try PostgresServerStore(url: database.url, logger: Logger(label: "test.upgrade"))
            let running = Task { try await store.run() }
            defer { running.cancel() }
            try await store.migrate()
            try await Self.expectNothingLost(store)
            // Migrating gave every note stored before it its JSON, which the feed now copies.
            try await Self.expectEncodedFeed(of: store, account: AccountID(1))
        } catch {
            try await database.drop()
            throw error
        }
        try await database.drop()
    }

    /// A server of the previous release beside a migrated database (a deployment upgraded one
    /// process at a time) rewrites a note's columns and creates notes without their JSON: neither
    /// is ever read from a stale document, and the next server to start gives them theirs.
    @Test(.enabled(if: TestPostgres.url != nil, "needs QUILL_TEST_POSTGRES_URL: run `Tools/with-postgres.sh swift test`"))
    func postgresNotesWrittenByThePreviousReleaseAreNeverReadFromAStaleDocument() async throws {
        try await TestPostgres.withStore(migratedTo: try #require(PostgresMigrations.all.last).version) { store in
            let account = try await store.newAccount("alice")
            let first = try await store.create(try Sample.note("0d01", title: "First"), account: account)
            // The previous release's write of a note: every column and a new change number, no document.
            for statement in [
                "UPDATE accounts SET last_sequence = last_sequence + 2 WHERE id = \(account.rawValue)",
                """
                UPDATE notes SET title = 'Rewritten', revision = 2, sequence = (SELECT last_sequence - 1 FROM accounts WHERE id = \(account.rawValue))
                WHERE id = '0d01'
                """,
                """
                INSERT INTO notes (account_id, id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence)
                SELECT \(account.rawValue), '0d02', 'Created', '', '', 0, 0, 1, FALSE, last_sequence FROM accounts WHERE id = \(account.rawValue)
                """,
            ] {
                try await store.client.query(PostgresQuery(unsafeSQL: statement), logger: Logger(label: "test.upgrade"))
            }
            let rewritten = try first.revised(title: "Rewritten", at: first.updated).withRevision(2)
            #expect(try await store.encodedNote(first.id, account: account) == nil)
            #expect(try await store.encodedChanges(account: account, after: .beginning, limit: 10) == nil)
            #expect(try await store.changes(account: account, after: .beginning, limit: 10).notes.map(\.title) == ["Rewritten", "Created"])
            try await store.migrate()
            let encoded = try #require(try await store.encodedNote(first.id, account: account))
            #expect(try NoteJSON.decode(Data(encoded.json)) == rewritten && encoded.revision == 2)
            try await Self.expectEncodedFeed(of: store, account: account)
        }
    }

    /// The store's encoded feed is there and is, byte for byte, the JSON of the notes its feed reads.
    static func expectEncodedFeed(of store: some ServerNoteRepository, account: AccountID) async throws {
        let feed = try await store.changes(account: account, after: .beginning, limit: 100)
        let encoded = try #require(try await store.encodedChanges(account: account, after: .beginning, limit: 100))
        let expected = try feed.notes.map { Array(try NoteJSON.encoder.encode(NoteDocument($0))) }
        #expect(Array(encoded.pieces.joined()) == Array(expected.joined(separator: [UInt8(ascii: ",")])))
        #expect(encoded.count == feed.notes.count && encoded.next == feed.next)
    }

    /// Notes in Chinese, Japanese and Korean whose vectors a server before version 13 made (each
    /// CJK run one lexeme) are found by their words after the upgrade.
    @Test(.enabled(if: TestPostgres.url != nil, "needs QUILL_TEST_POSTGRES_URL: run `Tools/with-postgres.sh swift test`"))
    func postgresCJKVectorsOfVersion12AreMadeAgain() async throws {
        let database = try await TestPostgres.freshDatabase()
        do {
            let store = try PostgresServerStore(url: database.url, logger: Logger(label: "test.upgrade"))
            let running = Task { try await store.run() }
            defer { running.cancel() }
            try await TestPostgres.migrate(store, to: 12)
            let account = try await store.newAccount("alice")
            _ = try await store.create(try Sample.note("c1", title: "同步说明", body: "我们每天同步数据。"), account: account)
            _ = try await store.create(try Sample.note("c2", title: "English", body: "plain text"), account: account)
            // What a version-12 server stored: each whole run one lexeme.
            try await Self.load("UPDATE notes SET search = $$'同步说明':1A '我们每天同步数据':3$$::tsvector WHERE id = 'c1';", into: database.url)
            #expect(try await store.search(try SearchQuery("数据"), account: account, tagged: nil, after: nil, limit: 10).notes.isEmpty)
            try await store.migrate()
            #expect(try await store.search(try SearchQuery("数据"), account: account, tagged: nil, after: nil, limit: 10).notes.map(\.id.rawValue) == ["c1"])
            #expect(try await store.search(try SearchQuery("plain"), account: account, tagged: nil, after: nil, limit: 10).notes.map(\.id.rawValue) == ["c2"])
        } catch {
            try await database.drop()
            throw error
        }
        try await database.drop()
    }

    /// A database of schema version 8 keyed each revision row by (account, note, revision);
    /// version 9 keys each note once. The rows a version-8 server wrote read back the same.
    @Test(.enabled(if: TestPostgres.url != nil, "needs QUILL_TEST_POSTGRES_URL: run `Tools/with-postgres.sh swift test`"))
    func postgresHistoryOfVersion8MigratesWithoutLoss() async throws {
        let database = try await TestPostgres.freshDatabase()
        do {
            try await Self.load(try Self.sql("postgres-v2"), into: database.url)
            let store = try PostgresServerStore(url: database.url, logger: Logger(label: "test.upgrade"))
            let running = Task { try await store.run() }
            defer { running.cancel() }
            try await store.migrate(to: PostgresMigrations.all.filter { $0.version <= 8 })
            try await Self.load("""
                INSERT INTO note_revisions (account_id, note_id, revision, record) VALUES (1, '0a01', 1, '{"r":1,"u":1767225600000,"x":["Milk\\n"],"o":"api"}');
                INSERT INTO note_revisions (account_id, note_id, revision, record) VALUES (1, '0a02', 1, '{"r":1,"u":1767225600000,"x":[[0,1]],"o":"api"}');
                """, into: database.url)
            try await store.migrate()
            try await Self.expectNothingLost(store)
            let ann = AccountID(1)
            let groceries = try await store.history(of: try #require(NoteID("0a01")), account: ann)
            #expect(groceries.map(\.note.body) == ["Milk, eggs\nand \"bread\"", "Milk\n"] && groceries.map(\.origin) == [.api, .created])
            let gone = try await store.history(of: try #require(NoteID("0a02")), account: ann)
            #expect(gone.map(\.note.isDeleted) == [true, false] && gone.map(\.note.body) == ["was here", "was here"])
        } catch {
            try await database.drop()
            throw error
        }
        try await database.drop()
    }

    /// Version 15 compresses new bodies with lz4 where the server has it: a body stored with pglz
    /// before and one stored after both read back whole.
    @Test(.enabled(if: TestPostgres.url != nil, "needs QUILL_TEST_POSTGRES_URL: run `Tools/with-postgres.sh swift test`"))
    func postgresBodiesStoredBeforeAndAfterLZ4ReadBack() async throws {
        let database = try await TestPostgres.freshDatabase()
        do {
            let store = try PostgresServerStore(url: database.url, logger: Logger(label: "test.upgrade"))
            let running = Task { try await store.run() }
            defer { running.cancel() }
            try await TestPostgres.migrate(store, to: 14)
            let account = try await store.newAccount("alice")
            let long = String(repeating: "a body long enough to be compressed, ", count: 200)
            _ = try await store.create(try Sample.note("b1", title: "Before", body: "before: " + long), account: account)
            try await store.migrate()
            _ = try await store.create(try Sample.note("b2", title: "After", body: "after: " + long), account: account)
            #expect(try await store.note(try #require(NoteID("b1")), account: account)?.body == "before: " + long)
            #expect(try await store.note(try #require(NoteID("b2")), account: account)?.body == "after: " + long)
            #expect(try await store.search(try SearchQuery("compressed"), account: account, tagged: nil, after: nil, limit: 10).notes.count == 2)

            let client = PostgresClient(configuration: try PostgresURL.configuration(database.url), backgroundLogger: Logger(label: "test.upgrade"))
            let polling = Task { await client.run() }
            defer { polling.cancel() }
            var lz4Available = false, methods: [String] = []
            for try await available in try await client.query(
                "SELECT 'lz4' = ANY (enumvals) FROM pg_settings WHERE name = 'default_toast_compression'").decode(Bool.self) {
                lz4Available = available
            }
            for try await method in try await client.query(
                "SELECT pg_column_compression(body) FROM notes ORDER BY id").decode(String?.self) {
                methods.append(method ?? "none")
            }
            #expect(methods == (lz4Available ? ["pglz", "lz4"] : ["pglz", "pglz"]))
        } catch {
            try await database.drop()
            throw error
        }
        try await database.drop()
    }

    /// A SQLite store in a new directory migrated to `version` only (the schema of an earlier
    /// release), open while `body` writes as that release did, upgrades and checks; then removed.
    static func withSQLiteStore(migratedTo version: Int64, _ body: (SQLiteServerStore, String) async throws -> Void) async throws {
        let directory = try temporaryDirectory("quill-upgrade")
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("old.sqlite").path
        let store = try SQLiteServerStore(path: path)
        defer { store.close() }
        try store.migrate(to: SQLiteMigrations.all.filter { $0.version <= version })
        try await body(store, path)
    }

    /// The fixtures' data set, read back through the current code, and written on.
    static func expectNothingLost(_ store: some ServerNoteRepository & AccountRepository & ServerLinkRepository) async throws {
        let ann = AccountID(1), bob = AccountID(2)
        let t0 = Date(millisecondsSince1970: 1_767_225_600_000)
        for (token, account, hash) in [("00000000000000a1", "ann", "aa11"), ("00000000000000a2", "ann", "aa22"), ("00000000000000b1", "bob", "bb11")] {
            let id = try #require(TokenID(token))
            let found = try #require(try await store.token(id: id))
            #expect(found.account.name == account && found.token.hash == TokenHash(hex: hash))
            // A token from before scopes can do everything, as it could, and never expires.
            #expect(found.token.scope == .full && found.token.expires == nil && found.token.label == nil)
        }

        let groceries = try Note(id: try #require(NoteID("0a01")), title: "Groceries", body: "Milk, eggs\nand \"bread\"",
                                 tags: [Tag("food"), Tag("home")], created: t0, updated: t0.addingTimeInterval(1.5), revision: 2)
        let gone = try Note(id: try #require(NoteID("0a02")), title: "Gone", body: "was here", tags: [], created: t0,
                            updated: t0.addingTimeInterval(2), revision: 2, isDeleted: true)
        let bobs = try Note(id: try #require(NoteID("0b01")), title: "Bob's", body: "Text of bob", tags: [], created: t0, updated: t0)
        #expect(try await store.note(groceries.id, account: ann) == groceries)
        #expect(try await store.note(gone.id, account: ann) == gone)
        #expect(try await store.notes(account: ann, after: nil, limit: 10).notes == [groceries])
        let feed = try await store.changes(account: ann, after: .beginning, limit: 10)
        #expect(feed.notes == [groceries, gone] && feed.next == ChangeCursor(sequence: 3))
        if let encoded = try await store.encodedNote(bobs.id, account: bob) {
            #expect(try NoteJSON.decode(Data(encoded.json)) == bobs)
        }
        #expect(try await store.note(bobs.id, account: bob) == bobs)

        // Migration 6 indexed the live notes stored before it for search, not the tombstones.
        #expect(try await store.search(try SearchQuery("EGGS \"bread\""), account: ann, tagged: nil, after: nil, limit: 10).notes == [groceries])
        #expect(try await store.search(try SearchQuery("here"), account: ann, tagged: nil, after: nil, limit: 10).notes.isEmpty)
        #expect(try await store.search(try SearchQuery("bob"), account: bob, tagged: nil, after: nil, limit: 10).notes == [bobs])

        // A stored push answer is still replayed, and writes continue the change numbering.
        #expect(try await PushReplay(store).pushOutcomes([], requestID: try #require(PushRequestID("push-1")), account: bob, at: t0.addingTimeInterval(60)) == [])
        let next = try await store.create(try Note(id: try #require(NoteID("0a03")), title: "New", body: "", tags: [],
                                                   created: t0, updated: t0), account: ann)
        #expect(try await store.changes(account: ann, after: ChangeCursor(sequence: 3), limit: 10).notes == [next])
        #expect(try await store.changes(account: ann, after: ChangeCursor(sequence: 3), limit: 10).next == ChangeCursor(sequence: 4))

        // Migrating indexed the names of the notes stored before it: a new link reaches them.
        let linker = try await store.create(try Note(id: try #require(NoteID("0a04")), title: "Linker", body: "[[GROCERIES]] and [[Gone]]",
                                                     tags: [], created: t0, updated: t0), account: ann)
        #expect(try await store.backlinks(to: groceries.id, account: ann).map(\.source) == [linker.id])
        #expect(try await store.brokenLinks(account: ann, after: nil, limit: 10).links.map(\.link.link.target) == ["Gone"])

        // Accounts from before the upgrade have no creation time; new ones get fresh IDs.
        let summaries = try await store.accountSummaries()
        #expect(summaries.map(\.account.name) == ["ann", "bob"] && summaries.allSatisfy { $0.created == nil })
        #expect(summaries.map(\.noteCount) == [3, 1] && summaries.map(\.tokenCount) == [2, 1])
        let carol = try await store.createAccount(named: "carol", token: StoredToken(id: TokenID(0xc1), hash: TokenHash(bytes: [1])))
        #expect(![ann, bob].contains(carol.id))
    }

    /// Runs a fixture's statements (each ends with a semicolon at the end of a line) one by one.
    static func load(_ sql: String, into url: String) async throws {
        var statements: [String] = []
        var current = ""
        for line in sql.split(separator: "\n", omittingEmptySubsequences: false) where !line.hasPrefix("--") {
            current += (current.isEmpty ? "" : "\n") + line
            if line.hasSuffix(";") {
                statements.append(String(current.dropLast()))
                current = ""
            }
        }
        let client = PostgresClient(configuration: try PostgresURL.configuration(url), backgroundLogger: Logger(label: "test.upgrade"))
        let running = Task { await client.run() }
        defer { running.cancel() }
        for statement in statements { try await client.query(PostgresQuery(unsafeSQL: statement)) }
    }
}
