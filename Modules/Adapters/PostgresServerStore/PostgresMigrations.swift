import PostgresNIO

/// The versioned schema of the PostgreSQL store. Append only: a released version never changes.
enum PostgresMigrations {
    static let all: [(version: Int64, statements: [PostgresQuery])] = [
        (1, [
            """
            CREATE TABLE accounts (
                id BIGSERIAL PRIMARY KEY,
                name TEXT NOT NULL UNIQUE,
                last_sequence BIGINT NOT NULL DEFAULT 0
            )
            """,
            """
            CREATE TABLE tokens (
                id TEXT PRIMARY KEY,
                account_id BIGINT NOT NULL REFERENCES accounts(id),
                hash TEXT NOT NULL
            )
            """,
            """
            CREATE TABLE notes (
                account_id BIGINT NOT NULL REFERENCES accounts(id),
                id TEXT NOT NULL,
                title TEXT NOT NULL,
                body TEXT NOT NULL,
                tags TEXT NOT NULL,
                created_ms BIGINT NOT NULL,
                updated_ms BIGINT NOT NULL,
                revision BIGINT NOT NULL,
                deleted BOOLEAN NOT NULL,
                sequence BIGINT NOT NULL,
                PRIMARY KEY (account_id, id)
            )
            """,
            "CREATE UNIQUE INDEX notes_change_feed ON notes (account_id, sequence)",
            """
            CREATE TABLE push_requests (
                account_id BIGINT NOT NULL REFERENCES accounts(id),
                request_id TEXT NOT NULL,
                outcomes TEXT NOT NULL,
                PRIMARY KEY (account_id, request_id)
            )
            """,
        ]),
        (2, [
            "ALTER TABLE push_requests ADD COLUMN created_ms BIGINT NOT NULL DEFAULT 0",
            "CREATE INDEX push_requests_age ON push_requests (account_id, created_ms)",
        ]),
        // The digest of what each push carried (`PushDigest`); NULL for answers recorded before,
        // which keep matching any retry of their request ID until they expire.
        (3, [
            "ALTER TABLE push_requests ADD COLUMN digest TEXT",
        ]),
        // When each account was created and each token last authenticated (`account list`);
        // NULL for rows from before.
        (4, [
            "ALTER TABLE accounts ADD COLUMN created_ms BIGINT",
            "ALTER TABLE tokens ADD COLUMN last_used_ms BIGINT",
        ]),
        // Note text is escaped from now on (PostgresText): double the escape character in rows written before.
        (5, [
            """
            UPDATE notes SET title = replace(title, chr(65535), chr(65535) || chr(65535)),
                body = replace(body, chr(65535), chr(65535) || chr(65535)),
                tags = replace(tags, chr(65535), chr(65535) || chr(65535))
            WHERE strpos(title || body || tags, chr(65535)) > 0
            """,
        ]),
        // Full-text search of live notes (`SearchMatch`): each live note's words as a tsvector
        // built in Swift (`PostgresSearchText`), NULL for tombstones, with a GIN index. Notes
        // written before get theirs from `PostgresServerStore.indexUnsearchedNotes` after migrating,
        // which the partial index finds.
        (6, [
            "ALTER TABLE notes ADD COLUMN search tsvector",
            "CREATE INDEX notes_search ON notes USING GIN (search)",
            "CREATE INDEX notes_unsearched ON notes (account_id) WHERE search IS NULL AND NOT deleted",
        ]),
        // The web reader's sessions (WebSessionStore): only the hash of each cookie's secret.
        // No foreign key: a deleted account's sessions are refused (its token is gone) and expire.
        (7, [
            """
            CREATE TABLE web_sessions (
                secret_hash TEXT PRIMARY KEY,
                account_id BIGINT NOT NULL,
                token_id TEXT NOT NULL,
                form_token TEXT NOT NULL,
                created_ms BIGINT NOT NULL,
                expires_ms BIGINT NOT NULL
            )
            """,
            "CREATE INDEX web_sessions_account ON web_sessions (account_id)",
            "CREATE INDEX web_sessions_expiry ON web_sessions (expires_ms)",
        ]),
        // Every earlier revision of every note (docs/history.md): one `RevisionRecord` a row,
        // written by the transaction that replaces the revision.
        (8, [
            """
            CREATE TABLE note_revisions (
                account_id BIGINT NOT NULL REFERENCES accounts(id),
                note_id TEXT NOT NULL,
                revision BIGINT NOT NULL,
                record TEXT NOT NULL,
                PRIMARY KEY (account_id, note_id, revision)
            )
            """,
        ]),
        // The note's key once per note instead of once per revision: a note with a history has a
        // number (`notes.history_id`), and a revision row is that number, its own and its record.
        (9, [
            "ALTER TABLE notes ADD COLUMN history_id BIGINT",
            "CREATE SEQUENCE note_history_ids",
            "ALTER TABLE note_revisions RENAME TO note_revisions_by_note",
            """
            CREATE TABLE note_revisions (
                history_id BIGINT NOT NULL,
                revision BIGINT NOT NULL,
                record TEXT NOT NULL,
                PRIMARY KEY (history_id, revision)
            )
            """,
            """
            UPDATE notes SET history_id = nextval('note_history_ids') WHERE EXISTS (
                SELECT 1 FROM note_revisions_by_note r WHERE r.account_id = notes.account_id AND r.note_id = notes.id)
            """,
            """
            INSERT INTO note_revisions (history_id, revision, record)
            SELECT n.history_id, r.revision, r.record FROM note_revisions_by_note r
            JOIN notes n ON n.account_id = r.account_id AND n.id = r.note_id
            """,
            "DROP TABLE note_revisions_by_note",
        ]),
        // Attachments (docs/attachments.md): how much of each has arrived and whether it is whole,
        // and its bytes in the pieces they arrived in, so that every server on the database
        // serves them and a dump covers them.
        (10, [
            """
            CREATE TABLE attachments (
                account_id BIGINT NOT NULL REFERENCES accounts(id),
                sha256 TEXT NOT NULL,
                received BIGINT NOT NULL,
                complete BOOLEAN NOT NULL DEFAULT FALSE,
                PRIMARY KEY (account_id, sha256)
            )
            """,
            """
            CREATE TABLE attachment_chunks (
                account_id BIGINT NOT NULL,
                sha256 TEXT NOT NULL,
                start BIGINT NOT NULL,
                bytes BYTEA NOT NULL,
                PRIMARY KEY (account_id, sha256, start)
            )
            """,
        ]),
        // Links between notes (docs/links.md): each live note's links by folded target, and the
        // names each answers to. `links_indexed` marks the notes whose rows are written; those
        // written before are indexed when the store migrates (`indexUnlinkedNotes`).
        (11, [
            """
            CREATE TABLE note_links (
                account_id BIGINT NOT NULL REFERENCES accounts(id),
                note_id TEXT NOT NULL,
                position BIGINT NOT NULL,
                target TEXT NOT NULL,
                written TEXT NOT NULL,
                fragment TEXT,
                label TEXT,
                form BIGINT NOT NULL,
                line BIGINT NOT NULL,
                context TEXT NOT NULL,
                PRIMARY KEY (account_id, note_id, position)
            )
            """,
            "CREATE INDEX note_links_by_target ON note_links (account_id, target)",
            """
            CREATE TABLE note_names (
                account_id BIGINT NOT NULL REFERENCES accounts(id),
                note_id TEXT NOT NULL,
                name TEXT NOT NULL,
                match BIGINT NOT NULL,
                PRIMARY KEY (account_id, name, note_id)
            )
            """,
            "CREATE INDEX note_names_by_note ON note_names (account_id, note_id)",
            "ALTER TABLE notes ADD COLUMN links_indexed BOOLEAN NOT NULL DEFAULT FALSE",
            "CREATE INDEX notes_unlinked ON notes (account_id) WHERE NOT links_indexed",
        ]),
        // What each token may do and for how long (`account token --read-only --label --expires`):
        // tokens issued before are full, unlabelled, of unknown issue date, and never expire.
        (12, [
            "ALTER TABLE tokens ADD COLUMN scope TEXT NOT NULL DEFAULT 'full'",
            "ALTER TABLE tokens ADD COLUMN label TEXT",
            "ALTER TABLE tokens ADD COLUMN created_ms BIGINT",
            "ALTER TABLE tokens ADD COLUMN expires_ms BIGINT",
        ]),
        // Search in Chinese, Japanese and Korean (`SearchText` cuts CJK runs into pairs): the
        // vectors of live notes with a CJK character are made again, from Swift, when the store
        // migrates (`indexUnsearchedNotes` finds them by their NULL vector).
        (13, [
            #"""
            UPDATE notes SET search = NULL WHERE NOT deleted AND (title || ' ' || body)
                ~ '[\u1100-\u11FF\u3005-\u3007\u3021-\u303C\u3040-\u30FF\u3130-\u318F\u31F0-\u31FF\u3400-\u4DBF\u4E00-\u9FFF\uA960-\uA97F\uAC00-\uD7FF\uF900-\uFAFF\uFF66-\uFFDC\U00020000-\U000323AF]'
            """#,
        ]),
        // The span of the change feed each push wrote, kept with its answer so that a retry gets
        // the same answer (`PushAnswer.written`). Pushes recorded before have none.
        (14, [
            "ALTER TABLE push_requests ADD COLUMN written_after BIGINT",
            "ALTER TABLE push_requests ADD COLUMN written_through BIGINT",
        ]),
        // A note's body and search vector are compressed with lz4 where the server has it (PostgreSQL
        // 14 and later, built with lz4, as Debian's is): the default, pglz, was a fifth of the
        // database's CPU in a first push. Values stored before stay as they are; either reads back.
        (15, [
            """
            DO $$
            BEGIN
                IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
                    ALTER TABLE notes ALTER COLUMN body SET COMPRESSION lz4, ALTER COLUMN search SET COMPRESSION lz4;
                END IF;
            END
            $$
            """,
        ]),
        // Greek final sigma (ς) folds to σ (`SearchText.fold`), so a capitalised query finds the
        // word: the vectors of live notes holding one are made again from Swift when the store
        // migrates (`indexUnsearchedNotes` finds them by their NULL vector).
        (16, [
            "UPDATE notes SET search = NULL WHERE NOT deleted AND strpos(title || ' ' || body, 'ς') > 0",
        ]),
        // Share links and published sites (docs/sharing.md): each share's URL token, the note it
        // shows, and its limits; each site's slug and the tag whose notes it shows.
        (17, [
            """
            CREATE TABLE note_shares (
                id TEXT PRIMARY KEY,
                secret TEXT NOT NULL UNIQUE,
                account_id BIGINT NOT NULL REFERENCES accounts(id),
                note_id TEXT NOT NULL,
                snapshot BIGINT,
                created_ms BIGINT NOT NULL,
                expires_ms BIGINT,
                view_limit BIGINT,
                views BIGINT NOT NULL DEFAULT 0,
                revoked_ms BIGINT
            )
            """,
            "CREATE INDEX note_shares_by_note ON note_shares (account_id, note_id)",
            """
            CREATE TABLE published_sites (
                slug TEXT PRIMARY KEY,
                account_id BIGINT NOT NULL REFERENCES accounts(id),
                tag TEXT NOT NULL,
                title TEXT NOT NULL,
                created_ms BIGINT NOT NULL
            )
            """,
            "CREATE INDEX published_sites_by_account ON published_sites (account_id)",
        ]),
        // Device login and the Devices page (docs/signin.md): devices waiting for a person's
        // approval; each web session's public ID, browser, address and last use; each token's
        // address of last use. A session of before gets the first 16 digits of its hash as ID.
        (18, [
            """
            CREATE TABLE device_authorizations (
                device_code_hash TEXT PRIMARY KEY,
                user_code TEXT NOT NULL UNIQUE,
                device_name TEXT NOT NULL,
                requested_scope TEXT NOT NULL,
                requested_from TEXT,
                created_ms BIGINT NOT NULL,
                expires_ms BIGINT NOT NULL,
                last_polled_ms BIGINT,
                decision TEXT,
                account_id BIGINT,
                account_name TEXT,
                granted_scope TEXT,
                token_expires_ms BIGINT
            )
            """,
            "ALTER TABLE web_sessions ADD COLUMN id TEXT, ADD COLUMN device TEXT, ADD COLUMN address TEXT, ADD COLUMN last_used_ms BIGINT",
            "UPDATE web_sessions SET id = substr(secret_hash, 1, 16)",
            "CREATE UNIQUE INDEX web_sessions_by_id ON web_sessions (id)",
            "ALTER TABLE tokens ADD COLUMN last_address TEXT",
        ]),
        // Sign-in through an identity provider (docs/signin.md): a session opened by the provider
        // holds no API token and keeps the ID token for the provider's sign-out; started sign-ins
        // waiting for their callback; the provider identities linked to accounts.
        (19, [
            "ALTER TABLE web_sessions ALTER COLUMN token_id DROP NOT NULL, ADD COLUMN identity_token TEXT",
            """
            CREATE TABLE pending_sign_ins (
                state_hash TEXT PRIMARY KEY,
                nonce TEXT NOT NULL,
                verifier TEXT NOT NULL,
                return_path TEXT NOT NULL,
                expires_ms BIGINT NOT NULL
            )
            """,
            """
            CREATE TABLE identity_links (
                issuer TEXT NOT NULL,
                subject TEXT NOT NULL,
                account_id BIGINT NOT NULL,
                linked_ms BIGINT NOT NULL,
                PRIMARY KEY (issuer, subject)
            )
            """,
            "CREATE INDEX identity_links_by_account ON identity_links (account_id)",
        ]),
        // Link names fold Greek final sigma (ς) to σ (`CaseFolding`), so a title in capitals is
        // reached by the word in lower case: the live notes holding a ς are indexed again when
        // the store migrates (`indexUnlinkedNotes`).
        (20, [
            "UPDATE notes SET links_indexed = FALSE WHERE NOT deleted AND strpos(title || ' ' || body, 'ς') > 0",
        ]),
        // Each note's JSON as the API writes it (`EncodedNote`), so that a read and the change feed
        // copy it rather than build it from the columns. NULL where it is not known: rows written
        // before, which `PostgresServerStore.documentUndocumentedNotes` fills when a server starts
        // (the partial index finds them), and rows a server of the previous release writes while a
        // newer one runs beside it: the trigger forgets the document of a row rewritten (a new
        // change number) without a new one, so a stale document is never served.
        (21, [
            "ALTER TABLE notes ADD COLUMN IF NOT EXISTS document TEXT",
            """
            DO $$
            BEGIN
                IF EXISTS (SELECT 1 FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)) THEN
                    ALTER TABLE notes ALTER COLUMN document SET COMPRESSION lz4;
                END IF;
            END
            $$
            """,
            "CREATE INDEX notes_undocumented ON notes (account_id, id) WHERE document IS NULL",
            """
            CREATE FUNCTION notes_forget_stale_document() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                IF NEW.sequence IS DISTINCT FROM OLD.sequence AND NEW.document IS NOT DISTINCT FROM OLD.document THEN
                    NEW.document := NULL;
                END IF;
                RETURN NEW;
            END
            $$
            """,
            """
            CREATE TRIGGER notes_forget_stale_document BEFORE UPDATE ON notes
            FOR EACH ROW EXECUTE PROCEDURE notes_forget_stale_document()
            """,
        ]),
        // A fence in a list item or a quotation is code (`MarkdownCode`), and what it holds no
        // link: the live notes holding a fence are indexed again when the store migrates.
        (22, [
            "UPDATE notes SET links_indexed = FALSE WHERE NOT deleted AND (strpos(body, '```') > 0 OR strpos(body, '~~~') > 0)",
        ]),
    ]
}
