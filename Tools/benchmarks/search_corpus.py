#!/usr/bin/env python3
"""Writes a Quill home holding COUNT notes whose bodies (1-4 KiB) are drawn from a Zipf-like
vocabulary of 20,000 made-up words, as people's text is, so that a word matches a realistic
share of notes (unlike the fixed 40-word corpora of the other benchmarks, where every word is
in every note). Note files are written in Quill's versioned JSON format; the first command
that reads the store rebuilds its journal, as after a restore. Seeded: every run is identical.

Prints, as JSON, the queries the search benchmark runs, chosen by how many notes they match.

Usage: Tools/benchmarks/search_corpus.py HOME COUNT
"""
import bisect
import itertools
import json
import os
import random
import sys
import time

SYLLABLES = "ka lo mi ne ru sa ti vo be da fe gi ho ju ly pa qu ri so tu wa xe yo zu".split()


def vocabulary(rng, size=20_000):
    words, seen = [], set()
    while len(words) < size:
        word = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 4)))
        if word not in seen:
            seen.add(word)
            words.append(word)
    return words


def iso(ms):
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(ms // 1000)) + ".%03dZ" % (ms % 1000)


def main():
    home, count = sys.argv[1], int(sys.argv[2])
    rng = random.Random(17)
    words = vocabulary(rng)
    cumulative = list(itertools.accumulate(1 / (rank + 1) for rank in range(len(words))))
    total = cumulative[-1]

    def draw(k):
        return [words[bisect.bisect(cumulative, rng.random() * total)] for _ in range(k)]

    notes = os.path.join(home, "notes")
    os.makedirs(notes)
    start = 1_767_603_600_000
    phrase = None
    for index in range(count):
        note_id = "%032x" % rng.getrandbits(128)
        target = rng.randint(1024, 4096)
        body, size = [], 0
        while size < target:
            line = " ".join(draw(rng.randint(6, 14))).capitalize() + "."
            body.append(line)
            size += len(line) + 1
        text = "\n".join(body)[:target]
        if phrase is None and index == count // 2:
            phrase = " ".join(text.split()[3:5]).strip(".").lower()
        ms = start + index * 1000
        document = {"body": text, "created": iso(ms), "deleted": False, "format": 1, "id": note_id, "revision": 1,
                    "tags": sorted(set(draw(rng.randint(0, 2)))), "title": " ".join(draw(rng.randint(2, 6))).capitalize(),
                    "updated": iso(ms)}
        with open(os.path.join(notes, note_id + ".json"), "w") as handle:
            json.dump(document, handle, sort_keys=True, separators=(",", ":"))
    print(json.dumps({
        "rare word (rank 5000)": [words[5000]],
        "word (rank 1000)": [words[1000]],
        "two words (ranks 300, 600)": [words[300] + " " + words[600]],
        "phrase": ['"%s"' % phrase],
        "prefix (4 letters of rank 2000)": [words[2000][:4] + "*"],
        "tag and word": ["tag:%s %s" % (words[40], words[800])],
        "common word (rank 20), -n 20": [words[20], "-n", "20"],
    }))


if __name__ == "__main__":
    main()
