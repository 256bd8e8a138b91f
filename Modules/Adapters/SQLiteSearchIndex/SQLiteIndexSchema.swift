import SearchIndexInterface
import SQLiteKit

/// The tables of the search index and its schema version.
///
/// `indexed_notes` holds what a result line shows and the indexed revision; `note_text` the FTS5
/// index of each note's title and body, sharing its rowid. It indexes `SearchText.indexable` text
/// (words past ASCII folded, CJK runs cut into pairs) with FTS5's `ascii` tokenizer, which cuts
/// at ASCII separators and lower-cases ASCII letters only: such words are folded in Swift on
/// the thread that reads the next notes, not by `unicode61` on the thread that writes (a tenth
/// less time in FTS5, measured from Python on the first-search benchmark's notes). It keeps no
/// copy of any text (`content = ''`, with
/// `contentless_delete` so a row can be deleted by its rowid alone): the notes are the text, and a
/// search reads the bodies of the notes it shows for their snippets (`NoteSearch`). A copy would
/// make the index larger than the notes it indexes (520 MB for the 289 MB of
/// `Tools/benchmarks/search-cjk.sh`'s notes; without it, about 250 MB) and the first search
/// after an import write it all. `note_tags` answers `tag:x`; `note_links` holds each note's
/// links (the folded target, looked up by `note_links_by_target`) and `note_names` the names
/// each note answers to (folded title and aliases, `LinkLookup`); `note_attachments` the notes
/// that refer to attachments; `index_state` holds the journal cursor.
///
/// FTS5 merges its segments eight at a time rather than four (`automerge`): a first build of
/// 100,000 notes spent most of a second merging, half of it in the commit of its last page, and
/// takes about 0.4 s less so; searches of that index take as long as before.
///
/// Pages are 64 KiB, and searches read them through a memory map (`mappedBytes`). With 4 KiB pages, bodies of 1–4 KiB
/// left a quarter of each page empty (534 MB for the 100,000 notes of the search benchmark,
/// 456 MB now), and a search copied every page it read; building the index now takes about
/// 0.6 s less, and no search of `Tools/benchmarks/search.sh` takes longer (a phrase 74 → 55 ms,
/// a tag 18 → 13 ms). Version 1 had 4 KiB pages, version 2 no links, version 3 indexed CJK runs
/// as whole words, version 4 kept a copy of the text, version 5 let FTS5 cut words at marks
/// (Devanagari's vowel signs), version 6 folded words with `unicode61`, version 7 kept Greek
/// final sigma (ς) apart from σ, version 8 did not know which notes refer to attachments and
/// version 9 kept ς apart from σ in link names, and version 10 read a fence in a list item or a
/// quotation as text (its links and attachments indexed): such an index is made afresh.
enum SQLiteIndexSchema {
    static let version = 11

    /// How much of the file a search maps (SQLite's own limit on Linux, just under 2 GiB).
    static let mappedBytes = 2_147_418_112

    /// Sets the connection up and creates the tables if the file is new; `false` if the file
    /// holds another version (the caller makes it afresh).
    static func prepare(_ connection: SQLiteConnection) throws -> Bool {
        try connection.execute(
            "PRAGMA page_size = 65536; PRAGMA cache_size = -32768; "
                + "PRAGMA journal_mode = TRUNCATE; PRAGMA synchronous = NORMAL;")
        var found = 0
        try connection.query("PRAGMA user_version") { found = Int($0.integer(0)) }
        if found == version { return true }
        var tables = 0
        try connection.query("SELECT count(*) FROM sqlite_schema") { tables = Int($0.integer(0)) }
        guard found == 0, tables == 0 else { return false }
        try connection.transaction {
            try connection.execute("""
                CREATE TABLE indexed_notes (
                    rowid INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, revision INTEGER NOT NULL,
                    title TEXT NOT NULL, tags TEXT NOT NULL, created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL);
                CREATE TABLE note_tags (tag TEXT NOT NULL, note INTEGER NOT NULL, PRIMARY KEY (tag, note)) WITHOUT ROWID;
                CREATE INDEX note_tags_by_note ON note_tags (note);
                CREATE VIRTUAL TABLE note_text USING fts5(
                    title, body, content = '', contentless_delete = 1, tokenize = 'ascii');
                INSERT INTO note_text (note_text, rank) VALUES ('hashsize', 16777216);
                INSERT INTO note_text (note_text, rank) VALUES ('automerge', 8);
                CREATE TABLE note_links (
                    note INTEGER NOT NULL, position INTEGER NOT NULL, target TEXT NOT NULL, written TEXT NOT NULL,
                    fragment TEXT, label TEXT, form INTEGER NOT NULL, line INTEGER NOT NULL, context TEXT NOT NULL,
                    PRIMARY KEY (note, position)) WITHOUT ROWID;
                CREATE INDEX note_links_by_target ON note_links (target);
                CREATE TABLE note_names (
                    name TEXT NOT NULL, note INTEGER NOT NULL, match INTEGER NOT NULL, PRIMARY KEY (name, note)) WITHOUT ROWID;
                CREATE INDEX note_names_by_note ON note_names (note);
                CREATE TABLE note_attachments (note INTEGER PRIMARY KEY);
                CREATE TABLE index_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                PRAGMA user_version = \(version);
                """)
        }
        return true
    }

    static func cursor(_ connection: SQLiteConnection) throws -> JournalCursor? {
        var cursor: JournalCursor?
        try connection.query("SELECT value FROM index_state WHERE key = 'cursor'") { cursor = JournalCursor($0.text(0)) }
        return cursor
    }
}
