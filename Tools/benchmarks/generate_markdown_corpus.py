#!/usr/bin/env python3
"""Writes N plain Markdown notes of 1-4 KiB (seeded, so every run is identical) into a folder.

Usage: generate_markdown_corpus.py DIR [COUNT]
"""
import os
import random
import sys

WORDS = ("note idea meeting project quill archive tea garden budget travel recipe book "
         "swift tar gzip stream test design review plan draft summary list task home work "
         "monday friday morning evening quick brown fox lazy dog river mountain city").split()


def main() -> None:
    root = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    rng = random.Random(2026)
    for start in range(0, count, 1000):
        folder = os.path.join(root, f"{start // 1000:03d}")
        os.makedirs(folder, exist_ok=True)
        for index in range(start, min(count, start + 1000)):
            target = rng.randint(1024, 4096)
            title = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 6))).capitalize()
            lines = [f"# {title} {index}", ""]
            size = len(lines[0]) + 2
            while size < target:
                line = " ".join(rng.choice(WORDS) for _ in range(rng.randint(6, 14)))
                lines.append(line)
                size += len(line) + 1
            text = "\n".join(lines)[:target]
            with open(os.path.join(folder, f"note-{index:06d}.md"), "w", encoding="utf-8") as handle:
                handle.write(text)


if __name__ == "__main__":
    main()
