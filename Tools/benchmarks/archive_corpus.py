#!/usr/bin/env python3
"""Writes a Quill home holding COUNT notes with Markdown bodies of 1-4 KiB (seeded: every run
is identical), as note files in Quill's versioned JSON format (the first command that reads
the store rebuilds its index, as after a restore).

Usage: Tools/benchmarks/archive_corpus.py HOME [COUNT]
"""
import json
import os
import random
import sys
import time

WORDS = ("note idea meeting project quill archive tea garden budget travel recipe book "
         "swift tar gzip stream test design review plan draft summary list task home work "
         "monday friday morning evening quick brown fox lazy dog river mountain city").split()


def iso(ms):
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(ms // 1000)) + ".%03dZ" % (ms % 1000)


def main():
    home = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    rng = random.Random(2026)
    notes = os.path.join(home, "notes")
    os.makedirs(notes)
    start = 1_767_603_600_000
    for index in range(count):
        note_id = "%032x" % rng.getrandbits(128)
        title = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 6))).capitalize() + " %d" % index
        target = rng.randint(1024, 4096)
        lines, size = ["# " + title, ""], len(title) + 4
        while size < target:
            line = " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 14)))
            lines.append(line)
            size += len(line) + 1
        body = "\n".join(lines)[:target]
        ms = start + index * 1000
        document = {"body": body, "created": iso(ms), "deleted": False, "format": 1, "id": note_id,
                    "revision": 1, "tags": sorted({rng.choice(WORDS) for _ in range(rng.randint(0, 3))}),
                    "title": title, "updated": iso(ms)}
        with open(os.path.join(notes, note_id + ".json"), "w") as handle:
            json.dump(document, handle, sort_keys=True, separators=(",", ":"))


if __name__ == "__main__":
    main()
