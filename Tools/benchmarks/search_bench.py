#!/usr/bin/env python3
"""The search benchmark (issue 17), run by Tools/benchmarks/search.sh: whole processes, release
builds as the tarball ships them, medians. NEW is this tree's quill, OLD the baseline's
(substring search, no index).

First how long each takes to start (`quill --version`), since every figure below includes it.
For 10,000 and 100,000 notes (search_corpus.py): the first search, which builds the index;
then each query of the corpus, alternating NEW and OLD; then `quill add` and `quill edit`,
alternating NEW and OLD in the same store. Then the first search after `quill import` of an
archive of 100,000 notes (archive_corpus.py, as the archive benchmark imports). Writes the
results into docs/performance.md ("Search").

Usage: search_bench.py NEW OLD [RUNS]
"""
import json, os, shutil, statistics, subprocess, sys, tempfile, time

import performance_section

HERE = os.path.dirname(os.path.abspath(__file__))


def timed(quill, home, args):
    env = dict(os.environ, QUILL_HOME=home)
    begin = time.perf_counter()
    done = subprocess.run([quill] + args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    elapsed = time.perf_counter() - begin
    if done.returncode != 0:
        sys.exit("%s %s failed: %s" % (quill, " ".join(args), done.stderr.decode()))
    return elapsed * 1000, done.stdout.decode()


def settle(limit=60):
    """Writes back what the benchmark itself wrote (a built index, a corpus, the FTS5 floor's
    file) and waits, at most `limit` seconds, until the disk is no longer busy with it (the last
    ten seconds' IO pressure under 5%), so that the searches timed next do not pay for it."""
    os.sync()
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            with open("/proc/pressure/io") as pressure:
                if float(pressure.readline().split()[1].split("=")[1]) < 5:
                    return
        except (OSError, IndexError, ValueError):
            return
        time.sleep(1)


def median(values):
    return statistics.median(values)


class Rows(list):
    """The table's rows, each printed as it is measured."""

    def append(self, row):
        print(row, flush=True)
        super().append(row)


def measure(new, old, count, runs, rows, work):
    """The searches, `add` and `edit` on COUNT notes in WORK, which the caller deletes (at the
    end: deleting 100,000 files stalls this disk for a while, which would land on what follows)."""
    home = os.path.join(work, "home")
    queries = json.loads(subprocess.run([sys.executable, os.path.join(HERE, "search_corpus.py"), home, str(count)],
                                        check=True, capture_output=True, text=True).stdout)
    timed(new, home, ["list", "-n", "1"])  # rebuilds the store's journal, as after a restore
    first, _ = timed(new, home, ["search", "anything"])
    rows.append("| first `quill search` at %d notes (builds the index from the notes) | — | %.0f ms | — |" % (count, first))
    all_new = []
    for name, args in queries.items():
        new_times, old_times, found = [], [], 0
        for _ in range(runs):
            elapsed, out = timed(new, home, ["search"] + args)
            new_times.append(elapsed)
            found = sum(1 for line in out.splitlines() if not line.startswith(" "))
            if not args[0].startswith(("tag:", '"')) and not args[0].endswith("*"):
                old_times.append(timed(old, home, ["search"] + args)[0])
        all_new += new_times
        rows.append("| `quill search %s` at %d notes: %s, %d found | %s | %.1f ms | %s |" % (
            " ".join(args), count, name, found, "≤ 50 ms" if count >= 100_000 else "≤ 25 ms", median(new_times),
            "%.1f ms" % median(old_times) if old_times else "(not in the old language)"))
    rows.append("| **`quill search`, median of every run above at %d notes** | %s | **%.1f ms** | |" % (
        count, "≤ 50 ms" if count >= 100_000 else "≤ 25 ms", median(all_new)))
    for command in ("add", "edit"):
        new_times, old_times = [], []
        for index in range(runs * 2):
            for quill, times in ((new, new_times), (old, old_times)):
                if command == "add":
                    args = ["add", "bench %d" % index, "--body", "x " * 1000]
                else:
                    target = timed(quill, home, ["list", "-n", "1", "--json"])[1]
                    note_id = json.loads(target)[0]["id"]
                    args = ["edit", note_id, "--body", "edited %d %s" % (index, "y " * 1000)]
                times.append(timed(quill, home, args)[0])
        ratio = median(new_times) / median(old_times)
        rows.append("| `quill %s` at %d notes, NEW vs OLD alternated, median of %d each | within 10%% | %.1f ms vs %.1f ms: %+.0f%% | |" % (
            command, count, runs * 2, median(new_times), median(old_times), (ratio - 1) * 100))


def startup(new, old, runs, rows):
    """How long a command that does nothing takes: the floor of every other figure."""
    home = tempfile.mkdtemp(prefix="quill-search-start-")
    try:
        new_times, old_times = [], []
        for _ in range(runs * 3):
            new_times.append(timed(new, home, ["--version"])[0])
            old_times.append(timed(old, home, ["--version"])[0])
        rows.append("| `quill --version` (start and exit), NEW and OLD alternated, median of %d each | — | %.1f ms | %.1f ms |" % (
            runs * 3, median(new_times), median(old_times)))
    finally:
        shutil.rmtree(home, ignore_errors=True)


def first_search_after_import(new, runs, rows):
    """An import of 100,000 notes, then at once the search that indexes them: median of RUNS.

    The setup's own writes (the corpus, the export) are flushed before each import, and no run's
    notes are deleted before the last run ends: deleting 100,000 files stalls this disk for a
    while, which would land on the next run. The import's own writes are not flushed: the
    search runs while the system writes them back, as it would for a person."""
    work = tempfile.mkdtemp(prefix="quill-search-import-")
    try:
        source = os.path.join(work, "source")
        subprocess.run([sys.executable, os.path.join(HERE, "archive_corpus.py"), source, "100000"], check=True)
        archive = os.path.join(work, "notes.tar.gz")
        timed(new, source, ["export", "-q", "-o", archive])
        imports, firsts, seconds, finishing, indexing = [], [], [], [], []
        for run in range(runs):
            target = os.path.join(work, "target-%d" % run)
            os.sync()
            imports.append(timed(new, target, ["import", archive])[0])
            firsts.append(timed(new, target, ["search", "garden", "-n", "20"])[0])
            seconds.append(timed(new, target, ["search", "garden", "-n", "20"])[0])
            # The same again, split: any first command adds the import to the summary index
            # ("Import speed"); the search after that only indexes.
            target = os.path.join(work, "split-%d" % run)
            os.sync()
            timed(new, target, ["import", archive])
            finishing.append(timed(new, target, ["list", "-n", "1"])[0])
            indexing.append(timed(new, target, ["search", "garden", "-n", "20"])[0])
        rows.append("| `quill import` of 100,000 notes (archive_corpus.py), median of %d, then | — | %.0f ms | |" % (runs, median(imports)))
        rows.append("| the first `quill search` after it (indexes all 100,000), median of %d | ≤ 5 s | %.0f ms (%s) | |" % (
            runs, median(firsts), ", ".join("%.0f" % first for first in firsts)))
        rows.append("| the second `quill search` | — | %.0f ms | |" % median(seconds))
        rows.append("| the first search split, after another import: `quill list -n 1` (adds the import to the summary index) | — | %.0f ms (%s) | |" % (
            median(finishing), ", ".join("%.0f" % value for value in finishing)))
        rows.append("| … then `quill search` (indexes all 100,000) | — | %.0f ms (%s) | |" % (
            median(indexing), ", ".join("%.0f" % value for value in indexing)))
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    new, old = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 7
    rows = Rows()
    rows += ["| measurement (release build, whole process; NEW = this code, OLD = baseline) | target | NEW | OLD |",
            "|---|---|---|---|"]
    startup(new, old, runs, rows)
    works = [tempfile.mkdtemp(prefix="quill-search-bench-") for _ in range(2)]
    try:
        for count, work in zip((10_000, 100_000), works):
            measure(new, old, count, runs, rows, work)
        first_search_after_import(new, max(3, runs // 2), rows)
    finally:
        for work in works:
            shutil.rmtree(work, ignore_errors=True)
    table = "\n".join(rows)
    stamp = "Measured %s on this machine (%d cores; load average %.1f %.1f %.1f at the end) by `Tools/benchmarks/search.sh`.\n\n" % (
        (time.strftime("%Y-%m-%d"), os.cpu_count()) + os.getloadavg())
    performance_section.replace("search", "Search (`Tools/benchmarks/search.sh`)", stamp + table)


if __name__ == "__main__":
    main()
