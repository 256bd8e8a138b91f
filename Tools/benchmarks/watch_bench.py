#!/usr/bin/env python3
"""Measures `quill sync --watch` where users run it (release builds, a SQLite `quill-server` on
loopback, homes in $TMPDIR): two homes each run a watcher; a note added with `quill add` in one
is timed until the other's watcher prints that it pulled it (from the moment `quill add` returns),
CHANGES times; then one watcher's CPU time is read from /proc over IDLE_SECONDS with nothing
changing. Targets (docs/performance.md, "Watching"): a change visible on the other home's watcher
in ≤ 2 s, and ≤ 1% of a core while idle.

Usage: watch_bench.py BIN_DIR
"""
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import performance_section
from sync import Home, Server, cpu_seconds

CHANGES = int(os.environ.get("CHANGES", "30"))
IDLE_SECONDS = int(os.environ.get("IDLE_SECONDS", "60"))


class Watcher:
    """`quill sync --watch` in a home, with the time each line of its standard output arrived."""

    def __init__(self, home):
        self.process = subprocess.Popen([home.quill, "sync", "--watch"], env=home.env, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, text=True)
        self.lines = []
        self.errors = []
        self.lock = threading.Condition()
        threading.Thread(target=self.read, args=(self.process.stdout, self.lines), daemon=True).start()
        threading.Thread(target=self.read, args=(self.process.stderr, self.errors), daemon=True).start()

    def read(self, stream, into):
        for line in stream:
            with self.lock:
                into.append((time.perf_counter(), line))
                self.lock.notify_all()

    def wait_for(self, words, after, timeout=30):
        """The time the first line holding `words` arrived after index `after` of the lines."""
        deadline = time.perf_counter() + timeout
        with self.lock:
            while True:
                for arrived, line in self.lines[after:]:
                    if words in line:
                        return arrived
                left = deadline - time.perf_counter()
                if left <= 0:
                    sys.exit("the watcher did not print %r; it printed %r and %r" % (words, self.lines, self.errors))
                self.lock.wait(left)

    def cpu_seconds(self):
        return cpu_seconds(self.process.pid)

    def stop(self):
        self.process.send_signal(2)
        self.process.wait(timeout=10)


def main():
    bin_dir = sys.argv[1]
    rng = random.Random(int(os.environ.get("SEED", "20261204")))
    work = tempfile.mkdtemp(prefix="quill-watch-bench-")
    server = Server(bin_dir, os.path.join(work, "server"))
    server.start()
    quill = os.path.join(bin_dir, "quill")
    writer, reader = Home(quill, os.path.join(work, "a"), server), Home(quill, os.path.join(work, "b"), server)
    watchers = []
    try:
        watchers = [Watcher(writer), Watcher(reader)]
        time.sleep(2)
        latencies = []
        for change in range(CHANGES):
            seen = len(watchers[1].lines)
            writer.run(["add", "Watched change %d" % change, "--body", "written at %f" % time.time()])
            made = time.perf_counter()
            latencies.append(watchers[1].wait_for("pulled 1", seen) - made)
            time.sleep(rng.uniform(0.2, 0.6))
        time.sleep(3)
        before, began = watchers[1].cpu_seconds(), time.perf_counter()
        time.sleep(IDLE_SECONDS)
        idle = 100 * (watchers[1].cpu_seconds() - before) / (time.perf_counter() - began)
        for watcher in watchers:
            watcher.stop()
        stopped = all(watcher.process.returncode == 0 for watcher in watchers)
    finally:
        for watcher in watchers:
            if watcher.process.poll() is None:
                watcher.process.kill()
        server.stop()
        shutil.rmtree(work, ignore_errors=True)

    ordered = sorted(latencies)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    median = statistics.median(ordered)

    def verdict(ok):
        return "met" if ok else "**not met**"
    rows = [
        "| a note added in one home (`quill add`) until the other home's watcher pulled it, %d changes: median; p99 (slowest) | ≤ 2 s | %.0f ms; %.0f ms (%.0f ms) | %s |"
        % (CHANGES, 1000 * median, 1000 * p99, 1000 * ordered[-1], verdict(ordered[-1] <= 2)),
        "| a watcher's CPU while nothing changes, over %d s (its process's user and system time) | ≤ 1%% of a core | %.2f%% | %s |"
        % (IDLE_SECONDS, idle, verdict(idle <= 1)),
        "| both watchers stop on SIGINT with status 0 | — | %s | |" % ("yes" if stopped else "**no**"),
    ]
    load = " ".join("%.2f" % value for value in os.getloadavg())
    text = ("Measured %s on this machine (%d cores; load average %s at the end) by `Tools/benchmarks/watch.sh`, release builds, "
            "SQLite server on loopback, homes in `%s`.\n\n| measurement | target | result | |\n|---|---|---|---|\n"
            % (time.strftime("%Y-%m-%d"), os.cpu_count(), load, tempfile.gettempdir())) + "\n".join(rows) + "\n"
    print(text)
    performance_section.replace("watch", "Watching (`Tools/benchmarks/watch.sh`)", text)


if __name__ == "__main__":
    main()
