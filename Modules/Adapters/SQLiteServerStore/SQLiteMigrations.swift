/// The versioned schema of the SQLite store. Append only: a released version never changes.
enum SQLiteMigrations {
    /// The version from which the text a transaction writes is indexed at its end.
    static let searchTextQueue: Int64 = 16

    static let all: [(version: Int64, sql: String)] = [
        (1, """
        CREATE TABLE accounts (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE,
            last_sequence INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE tokens (
            id TEXT PRIMARY KEY,
            account_id INTEGER NOT NULL REFERENCES accounts(id),
            hash TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE notes (
            account_id INTEGER NOT NULL REFERENCES accounts(id),
            id TEXT NOT NULL,
            title TEXT NOT NULL,
            body TEXT NOT NULL,
            tags TEXT NOT NULL,
            created_ms INTEGER NOT NULL,
            updated_ms INTEGER NOT NULL,
            revision INTEGER NOT NULL,
            deleted INTEGER NOT NULL,
            sequence INTEGER NOT NULL,
            PRIMARY KEY (account_id, id)
        ) WITHOUT ROWID;
        CREATE UNIQUE INDEX notes_change_feed ON notes (account_id, sequence);
        CREATE TABLE push_requests (
            account_id INTEGER NOT NULL REFERENCES accounts(id),
            request_id TEXT NOT NULL,
            outcomes TEXT NOT NULL,
            PRIMARY KEY (account_id, request_id)
        ) WITHOUT ROWID;
        """),
        (2, """
        ALTER TABLE push_requests ADD COLUMN created_ms INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX push_requests_age ON push_requests (account_id, created_ms);
        """),
        // Each note's API JSON, so that GET and the change feed copy bytes (see `EncodedNote`);
        // NULL for notes written before, which are then read as columns. With it a row is
        // larger than a WITHOUT ROWID table stores in its B-tree cell, so the table becomes an
        // ordinary rowid table: the change feed's index then finds rows by integer rowid
        // instead of re-assembling overflowing primary keys.
        (3, """
        CREATE TABLE notes_with_documents (
            account_id INTEGER NOT NULL REFERENCES accounts(id),
            id TEXT NOT NULL,
            title TEXT NOT NULL,
            body TEXT NOT NULL,
            tags TEXT NOT NULL,
            created_ms INTEGER NOT NULL,
            updated_ms INTEGER NOT NULL,
            revision INTEGER NOT NULL,
            deleted INTEGER NOT NULL,
            sequence INTEGER NOT NULL,
            document TEXT,
            PRIMARY KEY (account_id, id)
        );
        INSERT INTO notes_with_documents (account_id, id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence)
            SELECT account_id, id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence FROM notes;
        DROP TABLE notes;
        ALTER TABLE notes_with_documents RENAME TO notes;
        CREATE UNIQUE INDEX notes_change_feed ON notes (account_id, sequence);
        """),
        // The digest of what each push carried (`PushDigest`); NULL for answers recorded before,
        // which keep matching any retry of their request ID until they expire.
        (4, """
        ALTER TABLE push_requests ADD COLUMN digest TEXT;
        """),
        // When each account was created and each token last authenticated (`account list`);
        // NULL for rows from before. And the highest account ID ever given, so that a deleted
        // account's ID is never given again (a server's token cache may still map a deleted
        // token to it for a few seconds).
        (5, """
        ALTER TABLE accounts ADD COLUMN created_ms INTEGER;
        ALTER TABLE tokens ADD COLUMN last_used_ms INTEGER;
        CREATE TABLE account_ids_given (highest INTEGER NOT NULL);
        INSERT INTO account_ids_given SELECT coalesce(max(id), 0) FROM accounts;
        """),
        // Full-text search of live notes (`SearchMatch`): an FTS5 index of the title and body of
        // every live note, with `notes` as its external content (the text is not stored twice),
        // folded as `SearchText` folds. Triggers keep it in step with every write to `notes`
        // (create, replace, delete, push, account deletion), tombstones left out; the last
        // statement indexes the notes written before. The index names notes by rowid, and version
        // 3 as first released left `notes` a WITHOUT ROWID table, so `notes` is first rebuilt as a
        // rowid table (a copy of every note, once).
        (6, """
        CREATE TABLE notes_with_rowid (
            account_id INTEGER NOT NULL REFERENCES accounts(id),
            id TEXT NOT NULL,
            title TEXT NOT NULL,
            body TEXT NOT NULL,
            tags TEXT NOT NULL,
            created_ms INTEGER NOT NULL,
            updated_ms INTEGER NOT NULL,
            revision INTEGER NOT NULL,
            deleted INTEGER NOT NULL,
            sequence INTEGER NOT NULL,
            document TEXT,
            PRIMARY KEY (account_id, id)
        );
        INSERT INTO notes_with_rowid (account_id, id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence, document)
            SELECT account_id, id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence, document FROM notes;
        DROP TABLE notes;
        ALTER TABLE notes_with_rowid RENAME TO notes;
        CREATE UNIQUE INDEX notes_change_feed ON notes (account_id, sequence);
        CREATE VIRTUAL TABLE notes_search USING fts5(
            title, body, content = 'notes', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2'
        );
        CREATE TRIGGER notes_search_insert AFTER INSERT ON notes WHEN new.deleted = 0 BEGIN
            INSERT INTO notes_search (rowid, title, body) VALUES (new.rowid, new.title, new.body);
        END;
        CREATE TRIGGER notes_search_delete AFTER DELETE ON notes WHEN old.deleted = 0 BEGIN
            INSERT INTO notes_search (notes_search, rowid, title, body) VALUES ('delete', old.rowid, old.title, old.body);
        END;
        CREATE TRIGGER notes_search_update AFTER UPDATE ON notes BEGIN
            INSERT INTO notes_search (notes_search, rowid, title, body)
                SELECT 'delete', old.rowid, old.title, old.body WHERE old.deleted = 0;
            INSERT INTO notes_search (rowid, title, body) SELECT new.rowid, new.title, new.body WHERE new.deleted = 0;
        END;
        INSERT INTO notes_search (rowid, title, body) SELECT rowid, title, body FROM notes WHERE deleted = 0;
        """),
        // The web reader's sessions (WebSessionStore): only the hash of each cookie's secret.
        // No foreign key: a deleted account's sessions are refused (its token is gone) and expire.
        (7, """
        CREATE TABLE web_sessions (
            secret_hash TEXT PRIMARY KEY,
            account_id INTEGER NOT NULL,
            token_id TEXT NOT NULL,
            form_token TEXT NOT NULL,
            created_ms INTEGER NOT NULL,
            expires_ms INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX web_sessions_account ON web_sessions (account_id);
        CREATE INDEX web_sessions_expiry ON web_sessions (expires_ms);
        """),
        // Every earlier revision of every note (docs/history.md): one `RevisionRecord` a row,
        // written by the transaction that replaces the revision. WITHOUT ROWID: the key is the
        // table's own B-tree, so no second index repeats it (records are a hundred-odd bytes;
        // a rare whole body overflows to its own pages).
        (8, """
        CREATE TABLE note_revisions (
            account_id INTEGER NOT NULL REFERENCES accounts(id),
            note_id TEXT NOT NULL,
            revision INTEGER NOT NULL,
            record TEXT NOT NULL,
            PRIMARY KEY (account_id, note_id, revision)
        ) WITHOUT ROWID;
        """),
        // Attachments (docs/attachments.md): how much of each has arrived and whether it is whole,
        // and its bytes in the pieces they arrived in, each keyed by where it starts. In the
        // database rather than beside it, so that a backup and `account delete` cover them.
        (9, """
        CREATE TABLE attachments (
            account_id INTEGER NOT NULL REFERENCES accounts(id),
            sha256 TEXT NOT NULL,
            received INTEGER NOT NULL,
            complete INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (account_id, sha256)
        ) WITHOUT ROWID;
        CREATE TABLE attachment_chunks (
            account_id INTEGER NOT NULL,
            sha256 TEXT NOT NULL,
            start INTEGER NOT NULL,
            bytes BLOB NOT NULL,
            PRIMARY KEY (account_id, sha256, start)
        );
        """),
        // Links between notes (docs/links.md): each live note's links by folded target, and the
        // names each answers to. `links_indexed` marks the notes whose rows are written; those
        // written before are indexed when the store migrates (`indexUnlinkedNotes`).
        (10, """
        CREATE TABLE note_links (
            account_id INTEGER NOT NULL REFERENCES accounts(id),
            note_id TEXT NOT NULL,
            position INTEGER NOT NULL,
            target TEXT NOT NULL,
            written TEXT NOT NULL,
            fragment TEXT,
            label TEXT,
            form INTEGER NOT NULL,
            line INTEGER NOT NULL,
            context TEXT NOT NULL,
            PRIMARY KEY (account_id, note_id, position)
        ) WITHOUT ROWID;
        CREATE INDEX note_links_by_target ON note_links (account_id, target);
        CREATE TABLE note_names (
            account_id INTEGER NOT NULL REFERENCES accounts(id),
            note_id TEXT NOT NULL,
            name TEXT NOT NULL,
            match INTEGER NOT NULL,
            PRIMARY KEY (account_id, name, note_id)
        ) WITHOUT ROWID;
        CREATE INDEX note_names_by_note ON note_names (account_id, note_id);
        ALTER TABLE notes ADD COLUMN links_indexed INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX notes_unlinked ON notes (links_indexed) WHERE links_indexed = 0;
        """),
        // What each token may do and for how long (`account token --read-only --label --expires`):
        // tokens issued before are full, unlabelled, of unknown issue date, and never expire.
        (11, """
        ALTER TABLE tokens ADD COLUMN scope TEXT NOT NULL DEFAULT 'full';
        ALTER TABLE tokens ADD COLUMN label TEXT;
        ALTER TABLE tokens ADD COLUMN created_ms INTEGER;
        ALTER TABLE tokens ADD COLUMN expires_ms INTEGER;
        """),
        // Search in Chinese, Japanese and Korean: `notes_search` indexes `quill_search_text` of each
        // title and body (`SearchText.indexable`: CJK runs cut into pairs, the text itself
        // otherwise), a function every connection defines (`serverStore(path:)`). The notes whose
        // text it changes are indexed again: removed with the words they were indexed with.
        (12, """
        DROP TRIGGER notes_search_insert;
        DROP TRIGGER notes_search_delete;
        DROP TRIGGER notes_search_update;
        CREATE TRIGGER notes_search_insert AFTER INSERT ON notes WHEN new.deleted = 0 BEGIN
            INSERT INTO notes_search (rowid, title, body) VALUES (new.rowid, quill_search_text(new.title), quill_search_text(new.body));
        END;
        CREATE TRIGGER notes_search_delete AFTER DELETE ON notes WHEN old.deleted = 0 BEGIN
            INSERT INTO notes_search (notes_search, rowid, title, body)
                VALUES ('delete', old.rowid, quill_search_text(old.title), quill_search_text(old.body));
        END;
        CREATE TRIGGER notes_search_update AFTER UPDATE ON notes BEGIN
            INSERT INTO notes_search (notes_search, rowid, title, body)
                SELECT 'delete', old.rowid, quill_search_text(old.title), quill_search_text(old.body) WHERE old.deleted = 0;
            INSERT INTO notes_search (rowid, title, body)
                SELECT new.rowid, quill_search_text(new.title), quill_search_text(new.body) WHERE new.deleted = 0;
        END;
        CREATE TEMP TABLE cjk_notes AS SELECT rowid AS row, title, body FROM notes
            WHERE deleted = 0 AND (quill_search_text(title) != title OR quill_search_text(body) != body);
        INSERT INTO notes_search (notes_search, rowid, title, body) SELECT 'delete', row, title, body FROM cjk_notes;
        INSERT INTO notes_search (rowid, title, body) SELECT row, quill_search_text(title), quill_search_text(body) FROM cjk_notes;
        DROP TABLE cjk_notes;
        """),
        // Attachments' bytes in files beside the database (`SQLiteAttachmentFiles`): `in_file`
        // says where an attachment's bytes are. Those that arrived before stay in
        // `attachment_chunks`, where they are read as before.
        (13, """
        ALTER TABLE attachments ADD COLUMN in_file INTEGER NOT NULL DEFAULT 0;
        """),
        // The span of the change feed each push wrote, kept with its answer so that a retry gets
        // the same answer (`PushAnswer.written`). Pushes recorded before have none.
        (14, """
        ALTER TABLE push_requests ADD COLUMN written_after INTEGER;
        ALTER TABLE push_requests ADD COLUMN written_through INTEGER;
        """),
        // `quill_search_text` gives FTS5 each word past Latin-1 already folded, as a search folds
        // it: the tokenizer cut such a word at every mark outside Latin's
        // (Devanagari's vowel signs, Arabic's harakat), so it was never found. The notes indexed
        // before are indexed again, all of them: which were cut cannot be told in SQL.
        (15, """
        INSERT INTO notes_search (notes_search) VALUES ('delete-all');
        INSERT INTO notes_search (rowid, title, body)
            SELECT rowid, quill_search_text(title), quill_search_text(body) FROM notes WHERE deleted = 0;
        """),
        // The text a transaction writes reaches `notes_search` at its end, all at once
        // (`SQLiteServerStore.noteWriteTransaction`): the triggers queue the rowid of each live note
        // written, and take back at once what a note had indexed before. FTS5 writes what it holds
        // to a new segment at every statement that may need undoing, and each note's statements do:
        // written by the triggers, a push of 100,000 notes made 100,000 segments and merged them.
        // A live note's text is in `notes_search` unless its rowid is queued. Only a change of
        // title, body or deletion touches the index.
        (searchTextQueue, """
        CREATE TABLE notes_search_queue (row INTEGER PRIMARY KEY);
        DROP TRIGGER notes_search_insert;
        DROP TRIGGER notes_search_delete;
        DROP TRIGGER notes_search_update;
        CREATE TRIGGER notes_search_insert AFTER INSERT ON notes WHEN new.deleted = 0 BEGIN
            INSERT OR IGNORE INTO notes_search_queue (row) VALUES (new.rowid);
        END;
        CREATE TRIGGER notes_search_delete AFTER DELETE ON notes WHEN old.deleted = 0 BEGIN
            INSERT INTO notes_search (notes_search, rowid, title, body)
                SELECT 'delete', old.rowid, quill_search_text(old.title), quill_search_text(old.body)
                WHERE NOT EXISTS (SELECT 1 FROM notes_search_queue WHERE row = old.rowid);
            DELETE FROM notes_search_queue WHERE row = old.rowid;
        END;
        CREATE TRIGGER notes_search_update AFTER UPDATE OF title, body, deleted ON notes BEGIN
            INSERT INTO notes_search (notes_search, rowid, title, body)
                SELECT 'delete', old.rowid, quill_search_text(old.title), quill_search_text(old.body)
                WHERE old.deleted = 0 AND NOT EXISTS (SELECT 1 FROM notes_search_queue WHERE row = old.rowid);
            DELETE FROM notes_search_queue WHERE row = old.rowid;
            INSERT INTO notes_search_queue (row) SELECT new.rowid WHERE new.deleted = 0;
        END;
        """),
        // A note's names are found by the note's rowid (`note_row`), which grows as notes arrive,
        // rather than by its random ID: keyed by ID, each note's entry fell on a page of its own,
        // so a push wrote (and checkpointed) more pages a note the more notes the account held.
        // The names written before get the rowid of their note. And FTS5 merges its segments
        // eight at a time rather than four, as the CLI's index does: each level of merging
        // rewrites the whole index once, and a push adds a segment per batch.
        (17, """
        ALTER TABLE note_names ADD COLUMN note_row INTEGER;
        UPDATE note_names SET note_row =
            (SELECT rowid FROM notes WHERE notes.account_id = note_names.account_id AND notes.id = note_names.note_id);
        DROP INDEX note_names_by_note;
        CREATE INDEX note_names_by_row ON note_names (note_row);
        INSERT INTO notes_search (notes_search, rank) VALUES ('automerge', 8);
        """),
        // Share links and published sites (docs/sharing.md): each share's URL token, the note it
        // shows, and its limits; each site's slug and the tag whose notes it shows.
        (18, """
        CREATE TABLE note_shares (
            id TEXT PRIMARY KEY,
            secret TEXT NOT NULL UNIQUE,
            account_id INTEGER NOT NULL REFERENCES accounts(id),
            note_id TEXT NOT NULL,
            snapshot INTEGER,
            created_ms INTEGER NOT NULL,
            expires_ms INTEGER,
            view_limit INTEGER,
            views INTEGER NOT NULL DEFAULT 0,
            revoked_ms INTEGER
        );
        CREATE INDEX note_shares_by_note ON note_shares (account_id, note_id);
        CREATE TABLE published_sites (
            slug TEXT PRIMARY KEY,
            account_id INTEGER NOT NULL REFERENCES accounts(id),
            tag TEXT NOT NULL,
            title TEXT NOT NULL,
            created_ms INTEGER NOT NULL
        );
        CREATE INDEX published_sites_by_account ON published_sites (account_id);
        """),
        // Device login and the Devices page (docs/signin.md): devices waiting for a person's
        // approval; each web session's public ID, browser, address and last use; each token's
        // address of last use. A session of before gets the first 16 digits of its hash as ID.
        (19, """
        CREATE TABLE device_authorizations (
            device_code_hash TEXT PRIMARY KEY,
            user_code TEXT NOT NULL UNIQUE,
            device_name TEXT NOT NULL,
            requested_scope TEXT NOT NULL,
            requested_from TEXT,
            created_ms INTEGER NOT NULL,
            expires_ms INTEGER NOT NULL,
            last_polled_ms INTEGER,
            decision TEXT,
            account_id INTEGER,
            account_name TEXT,
            granted_scope TEXT,
            token_expires_ms INTEGER
        );
        ALTER TABLE web_sessions ADD COLUMN id TEXT;
        ALTER TABLE web_sessions ADD COLUMN device TEXT;
        ALTER TABLE web_sessions ADD COLUMN address TEXT;
        ALTER TABLE web_sessions ADD COLUMN last_used_ms INTEGER;
        UPDATE web_sessions SET id = substr(secret_hash, 1, 16);
        CREATE UNIQUE INDEX web_sessions_by_id ON web_sessions (id);
        ALTER TABLE tokens ADD COLUMN last_address TEXT;
        """),
        // Sign-in through an identity provider (docs/signin.md): a session opened by the provider
        // holds no API token (the table is remade, since SQLite cannot drop NOT NULL) and keeps the
        // ID token for the provider's sign-out; started sign-ins waiting for their callback; the
        // provider identities linked to accounts.
        (20, """
        CREATE TABLE web_sessions_new (
            secret_hash TEXT PRIMARY KEY,
            account_id INTEGER NOT NULL,
            token_id TEXT,
            form_token TEXT NOT NULL,
            created_ms INTEGER NOT NULL,
            expires_ms INTEGER NOT NULL,
            id TEXT,
            device TEXT,
            address TEXT,
            last_used_ms INTEGER,
            identity_token TEXT
        ) WITHOUT ROWID;
        INSERT INTO web_sessions_new (secret_hash, account_id, token_id, form_token, created_ms, expires_ms, id, device, address, last_used_ms)
            SELECT secret_hash, account_id, token_id, form_token, created_ms, expires_ms, id, device, address, last_used_ms FROM web_sessions;
        DROP TABLE web_sessions;
        ALTER TABLE web_sessions_new RENAME TO web_sessions;
        CREATE INDEX web_sessions_account ON web_sessions (account_id);
        CREATE INDEX web_sessions_expiry ON web_sessions (expires_ms);
        CREATE UNIQUE INDEX web_sessions_by_id ON web_sessions (id);
        CREATE TABLE pending_sign_ins (
            state_hash TEXT PRIMARY KEY,
            nonce TEXT NOT NULL,
            verifier TEXT NOT NULL,
            return_path TEXT NOT NULL,
            expires_ms INTEGER NOT NULL
        );
        CREATE TABLE identity_links (
            issuer TEXT NOT NULL,
            subject TEXT NOT NULL,
            account_id INTEGER NOT NULL,
            linked_ms INTEGER NOT NULL,
            PRIMARY KEY (issuer, subject)
        );
        CREATE INDEX identity_links_by_account ON identity_links (account_id);
        """),
        // Link names fold Greek final sigma (ς) to σ (`CaseFolding`), so a title in capitals is
        // reached by the word in lower case: the live notes holding a ς are indexed again when
        // the store opens (`indexUnlinkedNotes`).
        (21, """
        UPDATE notes SET links_indexed = 0 WHERE deleted = 0 AND instr(title || ' ' || body, 'ς') > 0;
        """),
        // A fence in a list item or a quotation is code (`MarkdownCode`), and what it holds no
        // link: the live notes holding a fence are indexed again when the store opens.
        (22, """
        UPDATE notes SET links_indexed = 0 WHERE deleted = 0 AND (instr(body, '```') > 0 OR instr(body, '~~~') > 0);
        """),
    ]
}
