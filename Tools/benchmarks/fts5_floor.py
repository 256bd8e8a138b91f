#!/usr/bin/env python3
"""The floor of building Quill's search index: SQLite's FTS5 alone taking in the same text, for
the benchmarks that time a first search (search_cjk_bench.py, first_search_bench.py)."""
import json, os, re, sqlite3, time

CJK_RUN = re.compile(r"[\u1100-\u11ff\u2e80-\u2fff\u3040-\u9fff\ua960-\ua97f\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f]+")


def fts5_floor(notes, work):
    """SQLite's FTS5 alone taking in the same text as Quill's index (CJK runs cut into pairs, the
    same tokenizer, page size and hash size, no copy of the text kept, 5,000 notes a
    transaction), driven from Python's sqlite3 (the system's SQLite, which may be older than the
    one Quill builds in; `contentless_delete` changes nothing a first build does): the floor of
    the first search's indexing on this machine. Reading the notes is not timed."""
    def pairs(match):
        run = match.group(0)
        return " " + " ".join([run[i:i + 2] for i in range(len(run) - 1)] + [run[-1]]) + " "
    rows = []
    for name in sorted(os.listdir(notes)):
        note = json.load(open(os.path.join(notes, name), encoding="utf-8"))
        rows.append((CJK_RUN.sub(pairs, note["title"]), CJK_RUN.sub(pairs, note["body"])))
    path = os.path.join(work, "floor.sqlite")
    connection = sqlite3.connect(path, isolation_level=None)
    connection.executescript("""
        PRAGMA page_size = 65536; PRAGMA journal_mode = TRUNCATE; PRAGMA synchronous = OFF;
        CREATE VIRTUAL TABLE note_text USING fts5(title, body, content = '', tokenize = 'unicode61 remove_diacritics 2');
        INSERT INTO note_text (note_text, rank) VALUES ('hashsize', 16777216);""")
    start = time.monotonic()
    for first in range(0, len(rows), 5000):
        connection.execute("BEGIN")
        for rowid, (indexed_title, indexed_body) in enumerate(rows[first:first + 5000], first + 1):
            connection.execute("INSERT INTO note_text (rowid, title, body) VALUES (?, ?, ?)", (rowid, indexed_title, indexed_body))
        connection.execute("COMMIT")
    elapsed = time.monotonic() - start
    connection.close()
    os.remove(path)
    return elapsed * 1000
