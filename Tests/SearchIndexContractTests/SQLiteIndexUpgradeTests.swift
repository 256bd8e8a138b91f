import FileNoteStore
import FileSystemTesting
import Foundation
import LocalFileSystem
import NotesFeature
import QuillModels
import ScratchDirectories
import SQLiteKit
import SQLiteSearchIndex
import StandardTesting
import Testing

/// An index written by the release before (schema version 4, which kept a copy of every note's
/// text in `note_bodies` as FTS5's external content) is made afresh by the first search, which
/// then finds exactly the notes there are; the file left behind keeps no copy of the text.
@Suite("SQLite index: an older version", .scratchDirectory)
struct SQLiteIndexUpgradeTests {
    /// The previous release's schema, with one note indexed that the store no longer holds.
    static let versionFour = """
        PRAGMA page_size = 65536;
        CREATE TABLE indexed_notes (
            rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, revision INTEGER NOT NULL,
            title TEXT NOT NULL, tags TEXT NOT NULL, created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL);
        CREATE TABLE note_tags (tag TEXT NOT NULL, note INTEGER NOT NULL, PRIMARY KEY (tag, note)) WITHOUT ROWID;
        CREATE INDEX note_tags_by_note ON note_tags (note);
        CREATE TABLE note_bodies (rowid INTEGER PRIMARY KEY, title TEXT NOT NULL, body TEXT NOT NULL);
        CREATE VIRTUAL TABLE note_text USING fts5(
            title, body, content = 'note_bodies', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2');
        CREATE TABLE note_links (
            note INTEGER NOT NULL, position INTEGER NOT NULL, target TEXT NOT NULL, written TEXT NOT NULL,
            fragment TEXT, label TEXT, form INTEGER NOT NULL, line INTEGER NOT NULL, context TEXT NOT NULL,
            PRIMARY KEY (note, position)) WITHOUT ROWID;
        CREATE INDEX note_links_by_target ON note_links (target);
        CREATE TABLE note_names (
            name TEXT NOT NULL, note INTEGER NOT NULL, match INTEGER NOT NULL, PRIMARY KEY (name, note)) WITHOUT ROWID;
        CREATE INDEX note_names_by_note ON note_names (note);
        CREATE TABLE index_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        INSERT INTO indexed_notes VALUES (1, '000005ea000000000000000000000063', 1, 'Stale', '', 0, 0);
        INSERT INTO note_bodies VALUES (1, 'Stale', 'milk from an old index');
        INSERT INTO note_text (rowid, title, body) VALUES (1, 'Stale', 'milk from an old index');
        INSERT INTO index_state VALUES ('cursor', 'far-ahead');
        PRAGMA user_version = 4;
        """

    /// A scratch folder holding an index file written with `schema`, and that file's path.
    static func oldIndex(_ name: String, schema: String) throws -> (root: String, path: String) {
        let root = try Scratch.directory(name)
        let path = root + "/search/index.sqlite"
        try FileManager.default.createDirectory(atPath: root + "/search", withIntermediateDirectories: true)
        let old = try SQLiteConnection(path: path, access: .readWrite, busyTimeout: .seconds(1))
        try old.execute(schema)
        old.close()
        return (root, path)
    }

    @Test func aVersionFourIndexIsMadeAfreshAndKeepsNoText() async throws {
        let (root, path) = try Self.oldIndex("upgrade", schema: Self.versionFour)

        let store = FileNoteStore(root: root + "/notes", files: LocalFileAccessor(), locks: InMemoryLocking(), readerSyncDelay: .zero)
        try await store.create(try Notes.note(1, title: "Groceries", body: "milk and bread"))
        let search = NoteSearch(index: SQLiteSearchIndex(path: path, files: LocalFileAccessor()), source: store, background: DefaultPriorityExecutor())
        let hits = try await search.search("milk", limit: nil)
        #expect(hits.map(\.summary.title) == ["Groceries"])
        #expect(hits.first?.snippet.matches == ["milk"])

        let reopened = try SQLiteConnection(path: path, access: .readOnly, busyTimeout: .seconds(1))
        defer { reopened.close() }
        var version = 0, copies = 0
        try reopened.query("PRAGMA user_version") { version = Int($0.integer(0)) }
        try reopened.query("SELECT count(*) FROM sqlite_schema WHERE name = 'note_bodies'") { copies = Int($0.integer(0)) }
        #expect(version > 4 && copies == 0)
    }

    /// The release before knew no attachments in its index (schema version 8): its index, at a
    /// cursor that would skip every note, is made afresh, and the notes that refer to
    /// attachments are found.
    static let versionEight = """
        PRAGMA page_size = 65536;
        CREATE TABLE indexed_notes (
            rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, revision INTEGER NOT NULL,
            title TEXT NOT NULL, tags TEXT NOT NULL, created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL);
        CREATE TABLE note_tags (tag TEXT NOT NULL, note INTEGER NOT NULL, PRIMARY KEY (tag, note)) WITHOUT ROWID;
        CREATE INDEX note_tags_by_note ON note_tags (note);
        CREATE VIRTUAL TABLE note_text USING fts5(title, body, content = '', contentless_delete = 1, tokenize = 'ascii');
        CREATE TABLE note_links (
            note INTEGER NOT NULL, position INTEGER NOT NULL, target TEXT NOT NULL, written TEXT NOT NULL,
            fragment TEXT, label TEXT, form INTEGER NOT NULL, line INTEGER NOT NULL, context TEXT NOT NULL,
            PRIMARY KEY (note, position)) WITHOUT ROWID;
        CREATE INDEX note_links_by_target ON note_links (target);
        CREATE TABLE note_names (
            name TEXT NOT NULL, note INTEGER NOT NULL, match INTEGER NOT NULL, PRIMARY KEY (name, note)) WITHOUT ROWID;
        CREATE INDEX note_names_by_note ON note_names (note);
        CREATE TABLE index_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        INSERT INTO index_state VALUES ('cursor', 'far-ahead');
        PRAGMA user_version = 8;
        """

    @Test func aVersionEightIndexIsMadeAfreshAndKnowsTheNotesWithAttachments() async throws {
        let (root, path) = try Self.oldIndex("upgrade-8", schema: Self.versionEight)

        let store = FileNoteStore(root: root + "/notes", files: LocalFileAccessor(), locks: InMemoryLocking(), readerSyncDelay: .zero)
        let image = "![a.png](attachments/\(String(repeating: "0f", count: 32))/a.png)"
        try await store.create(try Notes.note(1, title: "With an image", body: image))
        try await store.create(try Notes.note(2, title: "Without"))
        let index = SQLiteSearchIndex(path: path, files: LocalFileAccessor())
        let search = NoteSearch(index: index, source: store, background: DefaultPriorityExecutor())
        let found = try await search.caughtUp(progress: { _ in }) { try await index.notesReferringToAttachments() }
        #expect(found.map(\.title) == ["With an image"])
    }
}
