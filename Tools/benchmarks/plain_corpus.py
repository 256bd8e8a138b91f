#!/usr/bin/env python3
"""Writes a folder of COUNT plain Markdown files shaped like another app's notes (seeded: every
run is identical), for `Tools/benchmarks/import.sh` to pack with GNU tar: bodies of 1-4 KiB
like `archive_corpus.py`'s, a file name from the title, a modification time per file, and YAML
front matter on half of them, in the forms Obsidian, Joplin and Hugo write (with keys Quill
keeps in the text: aliases, cssclasses, coordinates, draft, categories). The other half has no
front matter: its dates come from the file's modification time.

With CJK_SHARE (say 0.1), that share of the notes is Chinese, Japanese or Korean instead: title
and body drawn from the sentences of the real notes of Tests/Fixtures/OtherApps/obsidian-help-cjk
(`search_corpus.cjk_sentences`), the same sizes in bytes; the other notes stay as without it.

Usage: Tools/benchmarks/plain_corpus.py FOLDER [COUNT [CJK_SHARE]]
"""
import os
import random
import sys
import time

from search_corpus import cjk_sentences

WORDS = ("note idea meeting project quill archive tea garden budget travel recipe book "
         "swift tar gzip stream test design review plan draft summary list task home work "
         "monday friday morning evening quick brown fox lazy dog river mountain city").split()


def stamp(seconds, form):
    return time.strftime(form, time.gmtime(seconds))


def front_matter(rng, title, seconds):
    """The block one of three apps would write, or "" for a file without one."""
    tags = sorted({rng.choice(WORDS) for _ in range(rng.randint(1, 3))})
    form = rng.randrange(6)
    if form == 0:  # Obsidian: block list, a '#' tag, aliases, a date without seconds
        return ("---\ntags:\n" + "".join("  - %s\n" % tag for tag in tags[:-1]) + "  - \"#%s\"\n" % tags[-1]
                + "aliases:\n  - %s\n" % rng.choice(WORDS).capitalize()
                + "created: %s\n" % stamp(seconds, "%Y-%m-%dT%H:%M") + "cssclasses: wide\n---\n")
    if form == 1:  # Joplin "Markdown + Front Matter"
        return ("---\ntitle: %s\nupdated: %s\ncreated: %s\n" % (title, stamp(seconds + 3600, "%Y-%m-%d %H:%M:%SZ"),
                                                             stamp(seconds, "%Y-%m-%d %H:%M:%SZ"))
                + "latitude: 52.52000000\nlongitude: 13.40500000\naltitude: 0.0000\n"
                + "tags:\n" + "".join("  - %s\n" % tag for tag in tags) + "---\n\n")
    if form == 2:  # Hugo
        return ("---\ntitle: \"%s\"\ndate: %s\nlastmod: %s\ndraft: false\n" % (
                    title, stamp(seconds, "%Y-%m-%dT%H:%M:%S+01:00"), stamp(seconds + 60, "%Y-%m-%dT%H:%M:%S.250Z"))
                + "tags: [%s]\ncategories: [\"blog\"]\n---\n" % ", ".join('"%s"' % tag for tag in tags))
    return ""


def main():
    folder = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    cjk_share = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0
    rng = random.Random(2026)
    # Its own generator, and every Latin note drawn anyway, so that the other notes are the same
    # with CJK notes as without.
    cjk_rng, sentences = random.Random(2027), cjk_sentences() if cjk_share > 0 else []
    os.makedirs(folder)
    start = 1_767_603_600
    for index in range(count):
        seconds = start + index * 60
        title = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 6))).capitalize() + " %d" % index
        target = rng.randint(1024, 4096)
        lines, size = ["# " + title, ""], len(title) + 4
        while size < target:
            line = " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 14)))
            lines.append(line)
            size += len(line) + 1
        text = front_matter(rng, title, seconds) + "\n".join(lines)[:target]
        if cjk_share > 0 and cjk_rng.random() < cjk_share:
            title, text = cjk_note(cjk_rng, sentences, index)
        path = os.path.join(folder, title + ".md")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.utime(path, (seconds, seconds))


def cjk_note(rng, sentences, index):
    """The title and text of a note of CJK sentences, 1-4 KiB of UTF-8, titled by the start of a sentence."""
    title = rng.choice(sentences).lstrip("#>-* ")[:12].replace("/", " ").strip() + " %d" % index
    target = rng.randint(1024, 4096)
    lines, size = ["# " + title, ""], len(title.encode()) + 4
    while size < target:
        line = rng.choice(sentences)
        lines.append(line)
        size += len(line.encode()) + 1
    return title, "\n".join(lines)


if __name__ == "__main__":
    main()
