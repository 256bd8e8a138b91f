-- quill-server postgres store at schema version 2 (migrations of commit 60955e6), with sample data.
-- Written by make_fixtures.py; each statement ends with a semicolon at the end of a line. Never edit: upgrades are tested from it.
CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY, applied_ms BIGINT NOT NULL);
CREATE TABLE accounts ( id BIGSERIAL PRIMARY KEY, name TEXT NOT NULL UNIQUE, last_sequence BIGINT NOT NULL DEFAULT 0 );
CREATE TABLE tokens ( id TEXT PRIMARY KEY, account_id BIGINT NOT NULL REFERENCES accounts(id), hash TEXT NOT NULL );
CREATE TABLE notes ( account_id BIGINT NOT NULL REFERENCES accounts(id), id TEXT NOT NULL, title TEXT NOT NULL, body TEXT NOT NULL, tags TEXT NOT NULL, created_ms BIGINT NOT NULL, updated_ms BIGINT NOT NULL, revision BIGINT NOT NULL, deleted BOOLEAN NOT NULL, sequence BIGINT NOT NULL, PRIMARY KEY (account_id, id) );
CREATE UNIQUE INDEX notes_change_feed ON notes (account_id, sequence);
CREATE TABLE push_requests ( account_id BIGINT NOT NULL REFERENCES accounts(id), request_id TEXT NOT NULL, outcomes TEXT NOT NULL, PRIMARY KEY (account_id, request_id) );
ALTER TABLE push_requests ADD COLUMN created_ms BIGINT NOT NULL DEFAULT 0;
CREATE INDEX push_requests_age ON push_requests (account_id, created_ms);
INSERT INTO accounts (id, name, last_sequence) VALUES (1, 'ann', 3);
INSERT INTO accounts (id, name, last_sequence) VALUES (2, 'bob', 1);
INSERT INTO tokens (id, account_id, hash) VALUES ('00000000000000a1', 1, 'aa11');
INSERT INTO tokens (id, account_id, hash) VALUES ('00000000000000a2', 1, 'aa22');
INSERT INTO tokens (id, account_id, hash) VALUES ('00000000000000b1', 2, 'bb11');
INSERT INTO notes (account_id, id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence) VALUES (1, '0a01', 'Groceries', 'Milk, eggs
and "bread"', 'food home', 1767225600000, 1767225601500, 2, FALSE, 2);
INSERT INTO notes (account_id, id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence) VALUES (1, '0a02', 'Gone', 'was here', '', 1767225600000, 1767225602000, 2, TRUE, 3);
INSERT INTO notes (account_id, id, title, body, tags, created_ms, updated_ms, revision, deleted, sequence) VALUES (2, '0b01', 'Bob''s', 'Text of bob', '', 1767225600000, 1767225600000, 1, FALSE, 1);
INSERT INTO push_requests (account_id, request_id, outcomes, created_ms) VALUES (2, 'push-1', '[]', 1767225603000);
INSERT INTO schema_migrations (version, applied_ms) VALUES (1, 1767225600000);
INSERT INTO schema_migrations (version, applied_ms) VALUES (2, 1767225600000);
SELECT setval('accounts_id_seq', 2);
