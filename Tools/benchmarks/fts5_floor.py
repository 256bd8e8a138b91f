#!/usr/bin/env python3
"""The floor of building Quill's search index: SQLite's FTS5 alone taking in the same text, for
the benchmarks that time a first search (search_cjk_bench.py, first_search_bench.py)."""
import json, os, re, sqlite3, time, unicodedata

CJK_RUN = re.compile(r"[\u1100-\u11ff\u2e80-\u2fff\u3040-\u9fff\ua960-\ua97f\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f]+")


def indexable(text):
    """`SearchText.indexable`, near enough for a floor: CJK runs as their pairs, words holding a
    letter past ASCII lower-cased without their marks, separators past ASCII as spaces."""
    def pairs(match):
        run = match.group(0)
        return " " + " ".join([run[i:i + 2] for i in range(len(run) - 1)] + [run[-1]]) + " "
    text = CJK_RUN.sub(pairs, text)
    if text.isascii():
        return text
    out, word = [], []

    def end_word():
        if word:
            joined = "".join(word)
            if not joined.isascii():
                decomposed = unicodedata.normalize("NFD", joined.lower())
                joined = "".join(c for c in decomposed if not unicodedata.category(c).startswith("M"))
            out.append(joined)
            word.clear()
    for c in text:
        if c.isascii() and not c.isalnum():
            end_word()
            out.append(c)
        elif c.isascii() or unicodedata.category(c)[0] in "LNM" or unicodedata.category(c) == "Co":
            word.append(c)
        else:
            end_word()
            out.append(" ")
    end_word()
    return "".join(out)


def fts5_floor(notes, work):
    """SQLite's FTS5 alone taking in the same text as Quill's index (`indexable`, the same
    tokenizer, page size, hash size and merge setting, no copy of the text kept, 5,000 notes a
    transaction), driven from Python's sqlite3 (the system's SQLite, which may be older than the
    one Quill builds in; `contentless_delete` changes nothing a first build does): the floor of
    the first search's indexing on this machine. Reading the notes is not timed."""
    rows = []
    for name in sorted(os.listdir(notes)):
        note = json.load(open(os.path.join(notes, name), encoding="utf-8"))
        rows.append((indexable(note["title"]), indexable(note["body"])))
    path = os.path.join(work, "floor.sqlite")
    connection = sqlite3.connect(path, isolation_level=None)
    connection.executescript("""
        PRAGMA page_size = 65536; PRAGMA journal_mode = TRUNCATE; PRAGMA synchronous = OFF;
        CREATE VIRTUAL TABLE note_text USING fts5(title, body, content = '', tokenize = 'ascii');
        INSERT INTO note_text (note_text, rank) VALUES ('hashsize', 16777216);
        INSERT INTO note_text (note_text, rank) VALUES ('automerge', 8);""")
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
