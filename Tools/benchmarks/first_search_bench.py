#!/usr/bin/env python3
"""The first search after a vault arrives, run by Tools/benchmarks/first-search.sh: COUNT notes
(100,000) of another app's plain Markdown (plain_corpus.py: 1-4 KiB from a 40-word vocabulary,
half with front matter), then the same notes with a tenth of them Chinese, Japanese or Korean,
each imported into a new folder of an existing directory (TMPDIR) by
`quill import`, then the first `quill search` (which adds the import to the index and indexes
every note), median of 3 imports; and beside it SQLite's FTS5 alone taking in the same text
(fts5_floor.py), the floor of that indexing on this machine. Writes the "First search after an
import" section of docs/performance.md.

Usage: first_search_bench.py QUILL [COUNT]
"""
import os, shutil, statistics, subprocess, sys, tempfile, time

import performance_section
from fts5_floor import fts5_floor
from search_bench import timed

HERE = os.path.dirname(os.path.abspath(__file__))
# The first search after an import, with or without a tenth CJK: at most this many milliseconds.
TARGET_MS = 3000


def measure(quill, count, work, cjk_share):
    """Median of 3 imports of the corpus, each with its first and second search, and the floor."""
    os.makedirs(work)
    corpus = os.path.join(work, "vault")
    subprocess.run([sys.executable, os.path.join(HERE, "plain_corpus.py"), corpus, str(count), str(cjk_share)], check=True)
    imports, firsts, seconds = [], [], []
    for run in range(3):
        home = os.path.join(work, "home-%d" % run)
        # Each import begins with the disk idle: a read leaves an import's files to the kernel's
        # writeback, which would otherwise land in whichever later run is going 30 s on.
        os.sync()
        imports.append(timed(quill, home, ["import", corpus, "--quiet"])[0])
        firsts.append(timed(quill, home, ["search", "garden", "-n", "20"])[0])
        seconds.append(timed(quill, home, ["search", "garden", "-n", "20"])[0])
    floor = fts5_floor(os.path.join(work, "home-2", "notes"), work)
    listed = lambda values: ", ".join("%.0f" % value for value in values)
    of = "" if cjk_share == 0 else ", a tenth CJK"
    return [
        "| `quill import` of the folder%s (not a target here; see Import) | — | %.0f ms (%s) | |" % (of, statistics.median(imports), listed(imports)),
        "| **the first `quill search garden -n 20` after it** (adds the import to the index, indexes every note) | ≤ %d s | **%.0f ms** (%s) | %s |"
        % (TARGET_MS // 1000, statistics.median(firsts), listed(firsts), "met" if statistics.median(firsts) <= TARGET_MS else "not met"),
        "| … SQLite's FTS5 alone taking in the same text, from Python's `sqlite3` (`fts5_floor.py`): the floor of that indexing | — | %.0f ms | |" % floor,
        "| the second search | — | %.0f ms (%s) | |" % (statistics.median(seconds), listed(seconds)),
    ]


def main():
    quill = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    rows = []
    # Nothing is deleted until the end: files created soon after many were deleted are slow to
    # create on ext4 without a journal (docs/performance.md, "Sync").
    work = tempfile.mkdtemp(prefix="quill-first-search-", dir=os.environ.get("TMPDIR") or tempfile.gettempdir())
    try:
        # The corpus alone, then the same notes with a tenth of them Chinese, Japanese or Korean.
        for cjk_share in (0, 0.1):
            rows += measure(quill, count, os.path.join(work, "cjk-%g" % cjk_share), cjk_share)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    load = os.getloadavg()
    stamp = ("Measured %s on this machine (%d cores; load average %.1f %.1f %.1f at the end) by `Tools/benchmarks/first-search.sh`: "
             "%d plain Markdown notes of another app (`plain_corpus.py`), then the same with a tenth of them Chinese, Japanese "
             "or Korean sentences of Obsidian's help vault; each import into a new folder of an existing directory "
             "after a `sync`, static release build, whole processes, medians of 3.\n\n") % (time.strftime("%Y-%m-%d"), os.cpu_count(), *load, count)
    table = "| measurement | target | result | |\n|---|---|---|---|\n" + "\n".join(rows) + "\n"
    performance_section.replace("first-search", "First search after an import (`Tools/benchmarks/first-search.sh`)", stamp + table)
    print(stamp + table)


if __name__ == "__main__":
    main()
