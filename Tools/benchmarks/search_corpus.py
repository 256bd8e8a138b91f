#!/usr/bin/env python3
"""Writes a Quill home holding COUNT notes whose bodies (1-4 KiB) are drawn from a Zipf-like
vocabulary of 20,000 made-up words, as people's text is, so that a word matches a realistic
share of notes (unlike the fixed 40-word corpora of the other benchmarks, where every word is
in every note). Note files are written in Quill's versioned JSON format; the first command
that reads the store rebuilds its journal, as after a restore. Seeded: every run is identical.

Prints, as JSON, the queries the search benchmark runs, chosen by how many notes they match.

With CJK_SHARE (say 0.1), that share of the notes is Chinese, Japanese or Korean instead: their
sentences drawn from the real notes of Tests/Fixtures/OtherApps/obsidian-help-cjk, and CJK words
join the queries.

Usage: Tools/benchmarks/search_corpus.py HOME COUNT [CJK_SHARE]
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


def cjk_sentences():
    """The sentences of the fixture's Chinese, Japanese and Korean notes, front matter left out."""
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "Fixtures", "OtherApps", "obsidian-help-cjk")
    sentences = []
    for directory, _, files in sorted(os.walk(root)):
        for name in sorted(files):
            text = open(os.path.join(directory, name), encoding="utf-8").read()
            if text.startswith("---"):
                text = text.split("---", 2)[-1]
            for line in text.splitlines():
                for sentence in line.replace("。", "。\n").splitlines():
                    if len(sentence.strip()) > 8 and any(ord(c) >= 0x1100 for c in sentence):
                        sentences.append(sentence.strip())
    return sentences


def iso(ms):
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(ms // 1000)) + ".%03dZ" % (ms % 1000)


def main():
    home, count = sys.argv[1], int(sys.argv[2])
    cjk_share = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0
    sentences = cjk_sentences() if cjk_share > 0 else []
    cjk_rng = random.Random(29)
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
        title = None
        if cjk_share > 0 and cjk_rng.random() < cjk_share:
            lines, size = [], 0
            while size < target:
                line = cjk_rng.choice(sentences)
                lines.append(line)
                size += len(line.encode()) + 1
            text = "\n".join(lines)
            title = cjk_rng.choice(sentences)[:30]
        if phrase is None and index >= count // 2 and title is None:
            phrase = " ".join(text.split()[3:5]).strip(".").lower()
        ms = start + index * 1000
        document = {"body": text, "created": iso(ms), "deleted": False, "format": 1, "id": note_id, "revision": 1,
                    "tags": sorted(set(draw(rng.randint(0, 2)))), "title": title or " ".join(draw(rng.randint(2, 6))).capitalize(),
                    "updated": iso(ms)}
        # As Quill writes a note: UTF-8, not \u escapes (which would make CJK notes twice the size).
        with open(os.path.join(notes, note_id + ".json"), "w", encoding="utf-8") as handle:
            json.dump(document, handle, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    cjk = {
        "Chinese word 同步": ["同步"],
        "Japanese word プラグイン": ["プラグイン"],
        "Korean word before a particle 동기화": ["동기화"],
        "Chinese phrase 同步数据 (one character run)": ["同步数据"],
        "one character 的, -n 20": ["的", "-n", "20"],
    } if cjk_share > 0 else {}
    print(json.dumps({**cjk, 
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
