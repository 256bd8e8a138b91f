#!/usr/bin/env python3
"""Writes a folder of COUNT plain Markdown files shaped like another app's notes (seeded: every
run is identical), for `Tools/benchmarks/import.sh` to pack with GNU tar: bodies of 1-4 KiB
like `archive_corpus.py`'s, a file name from the title, a modification time per file, and YAML
front matter on half of them, in the forms Obsidian, Joplin and Hugo write (with keys Quill
keeps in the text: aliases, cssclasses, coordinates, draft, categories). The other half has no
front matter: its dates come from the file's modification time.

Usage: Tools/benchmarks/plain_corpus.py FOLDER [COUNT]
"""
import os
import random
import sys
import time

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
    rng = random.Random(2026)
    os.makedirs(folder)
    start = 1_767_603_600
    for index in range(count):
        title = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 6))).capitalize() + " %d" % index
        target = rng.randint(1024, 4096)
        lines, size = ["# " + title, ""], len(title) + 4
        while size < target:
            line = " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 14)))
            lines.append(line)
            size += len(line) + 1
        seconds = start + index * 60
        path = os.path.join(folder, title + ".md")
        with open(path, "w") as handle:
            handle.write(front_matter(rng, title, seconds) + "\n".join(lines)[:target])
        os.utime(path, (seconds, seconds))


if __name__ == "__main__":
    main()
