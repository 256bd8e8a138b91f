#!/usr/bin/env python3
"""The history benchmark, run by Tools/benchmarks/history.sh: release builds as the tarball ships
them, whole processes, medians, in TMPDIR (point it at an existing home directory's disk).

1. Size: a note of 4 KiB (64 lines) edited 1,000 times, each edit changing one line, with
   `quill edit --file`: what history adds to the store (NEW's growth, every file, apparent bytes,
   less OLD's for the same edits: the summary and pending journals grow in both), and the note's
   history log alone. The same 1,000 edits through the API (`PATCH /v1/notes/{id}`) of
   `quill-server` on SQLite (the pages of `note_revisions`, from `dbstat`) and, when
   QUILL_TEST_POSTGRES_URL names a cluster, on PostgreSQL (`note_revisions` with its index and
   TOAST). Target: at most 256 KiB each.
2. Reading: `quill history ID`, `quill show ID --revision 1` and `--revision 500` of that note.
   Target: at most 50 ms each, whole process.
3. Writing: `quill add` and `quill edit` at 10,000 and 100,000 notes (search_corpus.py), NEW and
   OLD alternated in the same store. Target: NEW within 10% of OLD.

Usage: history_bench.py NEW_QUILL NEW_SERVER OLD_QUILL [RUNS]   env: QUILL_HISTORY_BENCH_COUNTS (default 10000,100000)
"""
import json, os, re, shutil, signal, sqlite3, statistics, subprocess, sys, tempfile, time, urllib.request

import performance_section

HERE = os.path.dirname(os.path.abspath(__file__))
EDITS = 1000
LIMIT = 256 * 1024


class Rows(list):
    """The table's rows, each printed as it is measured."""

    def append(self, row):
        print(row, flush=True)
        super().append(row)


def timed(quill, home, args):
    env = dict(os.environ, QUILL_HOME=home)
    begin = time.perf_counter()
    done = subprocess.run([quill] + args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    elapsed = (time.perf_counter() - begin) * 1000
    if done.returncode != 0:
        sys.exit("%s %s failed: %s" % (quill, " ".join(args), done.stderr.decode()))
    return elapsed, done.stdout.decode()


def tree_bytes(root):
    return sum(os.path.getsize(os.path.join(folder, name)) for folder, _, names in os.walk(root) for name in names)


def body(version):
    """64 lines of 64 bytes; edit `version` rewrites line `version % 64` and nothing else, so each
    version differs from the one before in exactly one line."""
    lines = ["line %02d of the note, words to fill it out to sixty-four bytes.\n" % index for index in range(64)]
    for edit in range(max(1, version - 63), version + 1):
        lines[edit % 64] = "line %02d rewritten by edit %04d, the one line this edit changes.\n" % (edit % 64, edit)
    return "".join(lines)


def kib(size):
    return "%.0f KiB" % (size / 1024)


def edited_store(quill, home, work):
    """A 4 KiB note edited EDITS times in HOME; its ID and what the store grew by."""
    note_id = timed(quill, home, ["add", "Kept forever", "--body", body(0)])[1].strip()
    timed(quill, home, ["list", "-n", "1"])
    before = tree_bytes(home)
    path = os.path.join(work, "body.md")
    for version in range(1, EDITS + 1):
        with open(path, "w") as handle:
            handle.write(body(version))
        timed(quill, home, ["edit", note_id, "--file", path])
    timed(quill, home, ["list", "-n", "1"])
    return note_id, tree_bytes(home) - before


def cli_size_and_reading(quill, old, runs, rows, work):
    home = os.path.join(work, "cli")
    note_id, grown = edited_store(quill, home, work)
    _, old_grown = edited_store(old, os.path.join(work, "cli-old"), work)
    log = os.path.getsize(os.path.join(home, "history", note_id + ".log"))
    added = grown - old_grown
    rows.append("| `quill`: what history adds to the store for %d one-line edits of a 4 KiB note (NEW's growth %s − OLD's %s, every file; the note's history log alone %s) | ≤ 256 KiB | %s | %s |" % (
        EDITS, kib(grown), kib(old_grown), kib(log), kib(added), "met" if added <= LIMIT else "NOT met"))
    for label, args in (("`quill history ID` (1,001 revisions)", ["history", note_id]),
                        ("`quill show ID --revision 1`", ["show", note_id, "--revision", "1"]),
                        ("`quill show ID --revision 500`", ["show", note_id, "--revision", "500"])):
        times = [timed(quill, home, args)[0] for _ in range(runs * 2)]
        rows.append("| %s, median of %d | ≤ 50 ms | %.1f ms | %s |" % (
            label, len(times), statistics.median(times), "met" if statistics.median(times) <= 50 else "NOT met"))


class Server:
    def __init__(self, binary, work, database=None):
        self.binary, self.data = binary, os.path.join(work, "server")
        self.extra = ["--database", database] if database else []
        os.makedirs(self.data, exist_ok=True)
        self.token = subprocess.run([binary, "account", "create", "bench", "--data-dir", self.data] + self.extra,
                                    check=True, capture_output=True, text=True).stdout.strip()
        self.process = None

    def start(self):
        log = open(os.path.join(self.data, "log"), "w")
        self.process = subprocess.Popen([self.binary, "--port", "0", "--data-dir", self.data] + self.extra,
                                        stdout=log, stderr=log)
        for _ in range(200):
            with open(os.path.join(self.data, "log")) as handle:
                found = re.search(r"listening on http://127\.0\.0\.1:(\d+)", handle.read())
            if found:
                self.url = "http://127.0.0.1:" + found.group(1)
                return
            time.sleep(0.05)
        sys.exit("quill-server did not start")

    def stop(self):
        self.process.send_signal(signal.SIGTERM)
        self.process.wait()

    def call(self, method, path, payload):
        request = urllib.request.Request(self.url + path, method=method, data=json.dumps(payload).encode(),
                                         headers={"Authorization": "Bearer " + self.token, "Content-Type": "application/json"})
        with urllib.request.urlopen(request) as response:
            return json.load(response)

    def edit_many(self):
        note = self.call("POST", "/v1/notes", {"title": "Kept forever", "body": body(0)})
        for version in range(1, EDITS + 1):
            self.call("PATCH", "/v1/notes/" + note["id"], {"body": body(version)})
        return note["id"]


def server_size(binary, rows, work):
    server = Server(binary, os.path.join(work, "sqlite"))
    server.start()
    server.edit_many()
    server.stop()
    # The pages of the history table and its index (SQLite's dbstat, read from the stopped server's file).
    database = sqlite3.connect("file:%s?mode=ro" % os.path.join(server.data, "quill-server.sqlite"), uri=True)
    size = database.execute("SELECT sum(pgsize) FROM dbstat WHERE name = 'note_revisions'").fetchone()[0]
    database.close()
    rows.append("| `quill-server` on SQLite: `note_revisions` (its pages, the key included) after %d one-line edits through the API | ≤ 256 KiB | %s | %s |" % (
        EDITS, kib(size), "met" if size <= LIMIT else "NOT met"))
    url = os.environ.get("QUILL_TEST_POSTGRES_URL")
    if not url:
        rows.append("| `quill-server` on PostgreSQL | ≤ 256 KiB | not measured (no QUILL_TEST_POSTGRES_URL) | |")
        return
    name = "quill_history_bench_%d" % os.getpid()
    base = url.rsplit("/", 1)[0]
    subprocess.run(["psql", url, "-qc", "CREATE DATABASE " + name], check=True)
    try:
        server = Server(binary, os.path.join(work, "postgres"), database=base + "/" + name)
        server.start()
        server.edit_many()
        server.stop()
        # The history's table (a note's history number, in its row of `notes`, is 8 bytes more there).
        tables = ("note_revisions",)
        measures = (lambda t: "pg_total_relation_size('%s')" % t, lambda t: "pg_relation_size('%s', 'main')" % t,
                    lambda t: "pg_indexes_size('%s')" % t,
                    lambda t: "pg_relation_size('%s', 'fsm') + pg_relation_size('%s', 'vm')" % (t, t))
        sums = ["+".join(measure(table) for table in tables) for measure in measures]
        parts = subprocess.run(["psql", base + "/" + name, "-tAF,", "-c", "SELECT " + ", ".join(sums)],
                               check=True, capture_output=True, text=True).stdout.strip().split(",")
        size, heap, index, forks = (int(part) for part in parts)
        rows.append("| `quill-server` on PostgreSQL: `note_revisions` after %d one-line edits through the API (rows %s, key indexes %s, free-space and visibility maps %s, TOAST the rest) | ≤ 256 KiB | %s | %s |" % (
            EDITS, kib(heap), kib(index), kib(forks), kib(size), "met" if size <= LIMIT else "NOT met"))
    finally:
        subprocess.run(["psql", url, "-qc", "DROP DATABASE IF EXISTS %s WITH (FORCE)" % name])


def writing(new, old, count, runs, rows, work):
    home = os.path.join(work, "home-%d" % count)
    subprocess.run([sys.executable, os.path.join(HERE, "search_corpus.py"), home, str(count)], check=True, capture_output=True)
    timed(new, home, ["list", "-n", "1"])
    for command in ("add", "edit"):
        new_times, old_times = [], []
        for index in range(runs * 2):
            for quill, times in ((new, new_times), (old, old_times)):
                if command == "add":
                    args = ["add", "bench %d" % index, "--body", "x " * 1000]
                else:
                    note_id = json.loads(timed(quill, home, ["list", "-n", "1", "--json"])[1])[0]["id"]
                    args = ["edit", note_id, "--body", "edited %d %s" % (index, "y " * 1000)]
                times.append(timed(quill, home, args)[0])
        ratio = statistics.median(new_times) / statistics.median(old_times)
        rows.append("| `quill %s` at %d notes, NEW vs OLD alternated, median of %d each | within 10%% | %.1f ms vs %.1f ms: %+.0f%% | %s |" % (
            command, count, runs * 2, statistics.median(new_times), statistics.median(old_times), (ratio - 1) * 100,
            "met" if ratio <= 1.10 else "NOT met"))


def main():
    new, server, old = sys.argv[1], sys.argv[2], sys.argv[3]
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 7
    rows = Rows()
    work = tempfile.mkdtemp(prefix="quill-history-bench-")
    try:
        cli_size_and_reading(new, old, runs, rows, work)
        server_size(server, rows, work)
        for count in [int(value) for value in os.environ.get("QUILL_HISTORY_BENCH_COUNTS", "10000,100000").split(",")]:
            writing(new, old, count, runs, rows, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    load = " ".join("%.2f" % value for value in os.getloadavg())
    text = ("Measured %s on this machine (%d cores; load average %s at the end) by `Tools/benchmarks/history.sh`, "
            "release builds, in `%s`.\n\n" % (time.strftime("%Y-%m-%d"), os.cpu_count(), load, tempfile.gettempdir())
            + "| measurement (NEW = this code, OLD = the last release before history) | target | result | |\n|---|---|---|---|\n"
            + "\n".join(rows) + "\n")
    performance_section.replace("history", "History (`Tools/benchmarks/history.sh`)", text)


if __name__ == "__main__":
    main()
