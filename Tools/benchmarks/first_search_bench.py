#!/usr/bin/env python3
"""The first search after a vault arrives, run by Tools/benchmarks/first-search.sh: COUNT notes
(100,000) of another app's plain Markdown (plain_corpus.py: 1-4 KiB from a 40-word vocabulary,
half with front matter), imported into a new folder of an existing directory (TMPDIR) by
`quill import`, then the first `quill search` (which finishes the import and indexes every
note), median of 3 imports; and beside it SQLite's FTS5 alone taking in the same text
(fts5_floor.py), the floor of that indexing on this machine. Writes the "First search after an
import" section of docs/performance.md.

Usage: first_search_bench.py QUILL [COUNT]
"""
import os, shutil, statistics, subprocess, sys, tempfile, time

import performance_section
from fts5_floor import fts5_floor
from search_bench import timed

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    quill = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    work = tempfile.mkdtemp(prefix="quill-first-search-", dir=os.environ.get("TMPDIR") or tempfile.gettempdir())
    try:
        corpus = os.path.join(work, "vault")
        subprocess.run([sys.executable, os.path.join(HERE, "plain_corpus.py"), corpus, str(count)], check=True)
        imports, firsts, seconds = [], [], []
        for run in range(3):
            home = os.path.join(work, "home-%d" % run)
            imports.append(timed(quill, home, ["import", corpus, "--quiet"])[0])
            firsts.append(timed(quill, home, ["search", "garden", "-n", "20"])[0])
            seconds.append(timed(quill, home, ["search", "garden", "-n", "20"])[0])
            if run < 2:
                shutil.rmtree(home)
        floor = fts5_floor(os.path.join(work, "home-2", "notes"), work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    listed = lambda values: ", ".join("%.0f" % value for value in values)
    rows = [
        "| `quill import` of the folder (not a target here; see Import) | — | %.0f ms (%s) |" % (statistics.median(imports), listed(imports)),
        "| **the first `quill search garden -n 20` after it** (finishes the import, indexes every note) | ≤ 5 s | **%.0f ms** (%s) |"
        % (statistics.median(firsts), listed(firsts)),
        "| … SQLite's FTS5 alone taking in the same text, from Python's `sqlite3` (`fts5_floor.py`): the floor of that indexing | — | %.0f ms |" % floor,
        "| the second search | — | %.0f ms (%s) |" % (statistics.median(seconds), listed(seconds)),
    ]
    load = os.getloadavg()
    stamp = ("Measured %s on this machine (%d cores; load average %.1f %.1f %.1f at the end) by `Tools/benchmarks/first-search.sh`: "
             "%d plain Markdown notes of another app (`plain_corpus.py`), each import into a new folder of an existing directory, "
             "static release build, whole processes, medians of 3.\n\n") % (time.strftime("%Y-%m-%d"), os.cpu_count(), *load, count)
    table = "| measurement | target | result |\n|---|---|---|\n" + "\n".join(rows) + "\n"
    performance_section.replace("first-search", "First search after an import (`Tools/benchmarks/first-search.sh`)", stamp + table)
    print(stamp + table)


if __name__ == "__main__":
    main()
