#!/usr/bin/env python3
"""Writes the schema fixtures of UpgradeTests: one SQL file per earlier schema version of each
store, holding that version's tables (taken from the migrations as committed then) and the
same small data set, so a test can migrate each to the current schema and check nothing is lost.

    python3 Tests/ServerStoreContractTests/Fixtures/make_fixtures.py     (from the repository root)

Run it again only to add the fixture of a newly superseded version; a committed fixture never changes.
"""
import re
import subprocess

SQLITE = "Modules/Adapters/SQLiteServerStore/SQLiteMigrations.swift"
POSTGRES = "Modules/Adapters/PostgresServerStore/PostgresMigrations.swift"
OUT = "Tests/ServerStoreContractTests/Fixtures"

# (fixture name, migration file, commit whose migrations it applies, versions)
FIXTURES = [
    ("sqlite-v1", SQLITE, "713e693", [1]),
    ("sqlite-v2", SQLITE, "60955e6", [1, 2]),
    # v3 as first released: `document` added to the WITHOUT ROWID table (rebuilt as a rowid table later).
    ("sqlite-v3-without-rowid", SQLITE, "48ba3d4", [1, 2, 3]),
    ("sqlite-v3", SQLITE, "97a4b8f", [1, 2, 3]),
    ("postgres-v1", POSTGRES, "713e693", [1]),
    ("postgres-v2", POSTGRES, "60955e6", [1, 2]),
]

T0 = 1767225600000  # 2026-01-01T00:00:00Z in milliseconds


def migrations(path, commit):
    """{version: [statement, …]} from the Swift source of the migrations at `commit`."""
    source = subprocess.run(["git", "show", f"{commit}:{path}"], check=True, capture_output=True, text=True).stdout
    found = {}
    for match in re.finditer(r"\((\d+),\s*(\"\"\"(.*?)\"\"\"|\"([^\"\n]*)\"|\[(.*?)\]\),)", source, re.S):
        version = int(match.group(1))
        if match.group(3) is not None:
            text = match.group(3)
            statements = [s.strip() for s in text.split(";") if s.strip()]
        elif match.group(4) is not None:
            statements = [s.strip() for s in match.group(4).split(";") if s.strip()]
        else:
            parts = re.findall(r"\"\"\"(.*?)\"\"\"|\"((?:[^\"\\\n]|\\.)*)\"", match.group(5), re.S)
            statements = [(a or b).strip() for a, b in parts if (a or b).strip()]
        found[version] = [" ".join(line.strip() for line in s.splitlines()) for s in statements]
    return found


def quote(value):
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        return str(value)
    return "'" + value.replace("'", "''") + "'"


def data(kind, versions):
    postgres = kind == "postgres"
    has_pushed_at = 2 in versions
    has_document = 3 in versions
    rows = [
        ("accounts", ["id", "name", "last_sequence"], [(1, "ann", 3), (2, "bob", 1)]),
        ("tokens", ["id", "account_id", "hash"], [
            ("00000000000000a1", 1, "aa11"), ("00000000000000a2", 1, "aa22"), ("00000000000000b1", 2, "bb11")]),
    ]
    notes = [
        # account, id, title, body, tags, created, updated, revision, deleted, sequence
        (1, "0a01", "Groceries", "Milk, eggs\nand \"bread\"", "food home", T0, T0 + 1500, 2, False, 2),
        (1, "0a02", "Gone", "was here", "", T0, T0 + 2000, 2, True, 3),
        (2, "0b01", "Bob's", "Text of bob", "", T0, T0, 1, False, 1),
    ]
    columns = ["account_id", "id", "title", "body", "tags", "created_ms", "updated_ms", "revision", "deleted", "sequence"]
    note_rows = []
    for note in notes:
        row = list(note)
        if not postgres:
            row[8] = 1 if row[8] else 0
        note_rows.append(row)
    if has_document:
        columns.append("document")
        # Bob's note written after v3 (with its document), Ann's before (NULL: read as columns).
        bob = ('{"body":"Text of bob","created":"2026-01-01T00:00:00.000Z","deleted":false,"format":1,"id":"0b01",'
               '"revision":1,"tags":[],"title":"Bob\'s","updated":"2026-01-01T00:00:00.000Z"}')
        for row in note_rows:
            row.append(bob if row[1] == "0b01" else None)
    rows.append(("notes", columns, note_rows))
    push_columns = ["account_id", "request_id", "outcomes"] + (["created_ms"] if has_pushed_at else [])
    push = [2, "push-1", "[]"] + ([T0 + 3000] if has_pushed_at else [])
    rows.append(("push_requests", push_columns, [push]))
    rows.append(("schema_migrations", ["version", "applied_ms"], [(v, T0) for v in versions]))
    lines = []
    for table, names, values in rows:
        for value in values:
            lines.append(f"INSERT INTO {table} ({', '.join(names)}) VALUES ({', '.join(quote(v) for v in value)});")
    if postgres:
        lines.append("SELECT setval('accounts_id_seq', 2);")
    return lines


def main():
    for name, path, commit, versions in FIXTURES:
        kind = name.split("-")[0]
        found = migrations(path, commit)
        statements = []
        table = "version INTEGER PRIMARY KEY, applied_ms INTEGER NOT NULL" if kind == "sqlite" else "version BIGINT PRIMARY KEY, applied_ms BIGINT NOT NULL"
        statements.append(f"CREATE TABLE schema_migrations ({table});")
        for version in versions:
            statements += [s + ";" for s in found[version]]
        header = [f"-- quill-server {kind} store at schema version {versions[-1]} (migrations of commit {commit}), with sample data.",
                  "-- Written by make_fixtures.py; each statement ends with a semicolon at the end of a line. Never edit: upgrades are tested from it."]
        with open(f"{OUT}/{name}.sql", "w") as file:
            file.write("\n".join(header + statements + data(kind, versions)) + "\n")


if __name__ == "__main__":
    main()
