-- quill-server sqlite store at schema version 1 (migrations of commit 713e693), with sample data.
-- Written by make_fixtures.py; each statement ends with a semicolon at the end of a line. Never edit: upgrades are tested from it.
CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_ms INTEGER NOT NULL);
CREATE TABLE accounts ( id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE, last_sequence INTEGER NOT NULL DEFAULT 0 );
CREATE TABLE tokens ( id TEXT PRIMARY KEY, account_id INTEGER NOT NULL REFERENCES accounts(id), hash TEXT NOT NULL ) WITHOUT ROWID;
CREATE TABLE notes ( account_id INTEGER NOT NULL REFERENCES accounts(id), id TEXT NOT NULL, title TEXT NOT NULL, body TEXT NOT NULL, tags TEXT NOT NULL, created_ms INTEGER NOT NULL, updated_ms INTEGER NOT NULL, revision INTEGER NOT NULL, deleted INTEGER NOT NULL, sequence INTEGER NOT NULL, PRIMARY KEY (account_id, id) ) WITHOUT ROWID;
CREATE UNIQUE INDEX notes_change_feed ON notes (account_id, sequence);
CREATE TABLE push_requests ( account_id INTEGER NOT NULL REFERENCES accounts(id), request_id TEXT NOT NULL, outcomes TEXT NOT NULL, PRIMARY KEY (account_id, request_id) ) WITHOUT ROWID;
INSERT INTO accounts (id, name, last_sequence) VALUES (1, 'ann', 3);
INSERT INTO accounts (id, name, last_sequence) VALUES (2, 'bob', 1);
INSERT INTO tokens (id, account_id, hash) VALUES ('00000000000000a1', 1, 'aa11');
INSERT INTO tokens (id, account_id, hash) VALUES ('00000000000000a2', 1, 'aa22');
INSERT INTO tokens (id, account_id, hash) VALUES ('00000000000000b1', 2, 'bb11');
INSERT INTO notes (account_id, id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence) VALUES (1, '0a01', 'Groceries', 'Milk, eggs
and "bread"', 'food home', 1767225600000, 1767225601500, 2, 0, 2);
INSERT INTO notes (account_id, id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence) VALUES (1, '0a02', 'Gone', 'was here', '', 1767225600000, 1767225602000, 2, 1, 3);
INSERT INTO notes (account_id, id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence) VALUES (2, '0b01', 'Bob''s', 'Text of bob', '', 1767225600000, 1767225600000, 1, 0, 1);
INSERT INTO push_requests (account_id, request_id, outcomes) VALUES (2, 'push-1', '[]');
INSERT INTO schema_migrations (version, applied_ms) VALUES (1, 1767225600000);
