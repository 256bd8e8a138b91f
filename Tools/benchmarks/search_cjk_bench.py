#!/usr/bin/env python3
"""Search on a mixed corpus, run by Tools/benchmarks/search-cjk.sh: 100,000 notes (search_corpus.py)
of which a tenth are Chinese, Japanese or Korean, whole processes of the release build.

Measures the first search (which builds the index from the notes); each query of the corpus,
Latin and CJK, median of RUNS once the disk has settled (`settle`), with how many notes it finds against how many hold the words (read
from the note files here); the index's size against the notes'; and the first search after
`quill import` of the same notes exported to an archive. Writes the "Search in Chinese, Japanese
and Korean" section of docs/performance.md.

Usage: search_cjk_bench.py QUILL [COUNT] [RUNS]
"""
import json, os, shutil, statistics, subprocess, sys, tempfile, time

import performance_section
from fts5_floor import fts5_floor
from search_bench import settle, timed

HERE = os.path.dirname(os.path.abspath(__file__))


def holdings(notes, searches):
    """How many notes hold any CJK character, and how many hold every word of each search, in
    their title or body, read from the files once."""
    cjk, counts = 0, {search: 0 for search in searches}
    for name in os.listdir(notes):
        note = json.load(open(os.path.join(notes, name), encoding="utf-8"))
        text = note["title"] + "\n" + note["body"]
        cjk += any(ord(c) >= 0x1100 for c in text)
        for search in searches:
            counts[search] += all(word in text for word in search.split())
    return cjk, counts


def size(path):
    total = 0
    for directory, _, files in os.walk(path):
        total += sum(os.path.getsize(os.path.join(directory, name)) for name in files)
    return total


def main():
    quill = sys.argv[1]
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 100_000
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 5
    work = os.environ.get("TMPDIR") or tempfile.gettempdir()
    work = tempfile.mkdtemp(prefix="quill-search-cjk-", dir=work)
    rows = []
    try:
        home = os.path.join(work, "home")
        queries = json.loads(subprocess.run([sys.executable, os.path.join(HERE, "search_corpus.py"), home, str(count), "0.1"],
                                            check=True, stdout=subprocess.PIPE).stdout)
        notes = os.path.join(home, "notes")
        cjk_searches = [args[0] for args in queries.values() if any(ord(c) >= 0x1100 for c in args[0])]
        cjk_notes, expected_counts = holdings(notes, cjk_searches)
        timed(quill, home, ["list", "-n", "1"])  # rebuilds the store's journal, as after a restore
        first, _ = timed(quill, home, ["search", "anything"])
        rows.append("| first `quill search` at %d notes, %d of them CJK (builds the index) | — | %.0f ms |" % (count, cjk_notes, first))
        rows.append("| … SQLite's FTS5 alone taking in the same text, from Python's `sqlite3` (`fts5_floor`): the floor of that build | — | %.0f ms |" % fts5_floor(notes, work))
        settle()
        medians = []
        for label, args in queries.items():
            times = []
            for _ in range(runs):
                elapsed, out = timed(quill, home, ["search"] + args + ["--json"])
                times.append(elapsed)
            found = len(json.loads(out))
            middle = statistics.median(times)
            medians.append(middle)
            detail = "%d found" % found
            if any(ord(c) >= 0x1100 for c in args[0]) and "-n" not in args:
                expected = expected_counts[args[0]]
                detail += " of the %d notes that hold it" % expected
                if found != expected:
                    detail += " **(differs)**"
            rows.append("| `quill search %s`: %s, %s | ≤ 50 ms | %.1f ms |" % (" ".join(args), label, detail, middle))
        rows.append("| **median of every search above** | ≤ 50 ms | **%.1f ms** |" % statistics.median(medians))
        index_bytes = size(os.path.join(home, "search"))
        notes_bytes = size(notes)
        rows.append("| the index (`search/`) against the notes (`notes/`) | ≤ 100%% | %.0f MB / %.0f MB = %.0f%% |" % (
            index_bytes / 1e6, notes_bytes / 1e6, 100 * index_bytes / notes_bytes))

        archive = os.path.join(work, "notes.tar.gz")
        timed(quill, home, ["export", "-o", archive, "--quiet"])
        shutil.rmtree(home)
        firsts = []
        for run in range(3):
            target = os.path.join(work, "import-%d" % run)
            imported, _ = timed(quill, target, ["import", archive, "--quiet"])
            searched, _ = timed(quill, target, ["search", "同步", "-n", "20"])
            firsts.append(searched)
            shutil.rmtree(target)
        rows.append("| the first `quill search 同步 -n 20` after `quill import` of the %d notes (indexes them all), median of 3 | ≤ 5 s | %.0f ms (%s) |" % (
            count, statistics.median(firsts), ", ".join("%.0f" % value for value in firsts)))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    load = os.getloadavg()
    stamp = "Measured %s on this machine (%d cores; load average %.1f %.1f %.1f at the end) by `Tools/benchmarks/search-cjk.sh`: %d notes of 1–4 KiB, a tenth of them Chinese, Japanese or Korean sentences of Obsidian's help vault (`search_corpus.py`), the rest the Latin corpus of the search benchmark.\n\n" % (
        time.strftime("%Y-%m-%d"), os.cpu_count(), load[0], load[1], load[2], count)
    table = "| measurement (release build, whole process) | target | result |\n|---|---|---|\n" + "\n".join(rows) + "\n"
    performance_section.replace("search-cjk", "Search in Chinese, Japanese and Korean (`Tools/benchmarks/search-cjk.sh`)", stamp + table)
    print(stamp + table)


if __name__ == "__main__":
    main()
