#!/usr/bin/env python3
"""What history costs where it is not used, beside the last release before history, in one run:

1. `GET /v1/notes/{id}` of `quill-server` (NEW, then OLD) against a bare Hummingbird app in its own
   process (`bare-hummingbird-benchmark`), wrk with the same settings, alternated bare/NEW/bare/OLD
   RUNS times; each server's ratio is the median of its runs against the bare run before it.
   Target: NEW's ratio within noise of OLD's. Each server in its default configuration, on a fresh
   data directory with one account of 1,000 notes of ~2 KB.
2. The first sync of 100,000 notes (1-4 KiB, `plain_corpus.py`): `quill sync` pushing from the home
   that imported them, then pulling into an empty home, each release with its own server (SQLite),
   alternated NEW/OLD SYNC_RUNS times. Target: NEW no more than 20% slower than OLD.

Usage: history_overhead.py NEW_BIN_DIR OLD_BIN_DIR BARE_BINARY [RUNS]   env: COUNT (100000), SYNC_RUNS (2), TMPDIR
Writes the "History beside the previous release" section of docs/performance.md.
"""
import json, os, shutil, statistics, subprocess, sys, tempfile, time, urllib.request

import performance_section
from sync import Home, Server

HERE = os.path.dirname(os.path.abspath(__file__))


def seed(server, notes=1000):
    for index in range(notes):
        body = json.dumps({"format": 1, "id": "%016x" % (index + 1), "title": "Benchmark note %d" % index,
                           "body": "Some text. " * 180, "tags": ["bench"], "created": "2026-01-01T00:00:00.000Z",
                           "updated": "2026-01-01T00:00:00.000Z", "revision": 1, "deleted": False}).encode()
        request = urllib.request.Request(server.url + "/v1/notes", data=body, method="POST",
                                         headers={"Authorization": "Bearer " + server.token, "Content-Type": "application/json"})
        urllib.request.urlopen(request).read()


def wrk(url, token=None):
    command = ["wrk", "-t2", "-c64", "-d10s", url] + (["-H", "Authorization: Bearer " + token] if token else [])
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return float(next(line.split()[1] for line in output.splitlines() if line.startswith("Requests/sec:")))


def reads(new_bin, old_bin, bare, runs, work):
    servers = {}
    for label, bin_dir in (("NEW", new_bin), ("OLD", old_bin)):
        server = Server(bin_dir, os.path.join(work, "read-" + label))
        server.start()
        seed(server)
        servers[label] = server
    bare_port = free_port()
    bare_process = subprocess.Popen([bare, str(bare_port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(100):
        try:
            urllib.request.urlopen("http://127.0.0.1:%d/constant" % bare_port).read()
            break
        except OSError:
            time.sleep(0.1)
    ratios = {"NEW": [], "OLD": []}
    try:
        for _ in range(runs):
            for label in ("NEW", "OLD"):
                floor = wrk("http://127.0.0.1:%d/constant" % bare_port)
                server = servers[label]
                ratios[label].append(wrk(server.url + "/v1/notes/%016x" % 1, server.token) / floor)
    finally:
        bare_process.terminate()
        for server in servers.values():
            server.stop()
    return {label: statistics.median(values) for label, values in ratios.items()}, ratios


def free_port():
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def first_sync(new_bin, old_bin, count, runs, work):
    corpus = os.path.join(work, "corpus-%d" % count)
    subprocess.run([sys.executable, os.path.join(HERE, "plain_corpus.py"), corpus, str(count)], check=True)
    times = {"NEW": {"push": [], "pull": []}, "OLD": {"push": [], "pull": []}}
    for run in range(runs):
        for label, bin_dir in (("NEW", new_bin), ("OLD", old_bin)):
            root = os.path.join(work, "sync-%s-%d" % (label, run))
            server = Server(bin_dir, os.path.join(root, "server"))
            server.start()
            pusher = Home(os.path.join(bin_dir, "quill"), os.path.join(root, "push"), server)
            pusher.run(["import", corpus])
            pusher.run(["list", "-n", "1"])
            times[label]["push"].append(pusher.run(["sync"])[0])
            puller = Home(os.path.join(bin_dir, "quill"), os.path.join(root, "pull"), server)
            times[label]["pull"].append(puller.run(["sync"])[0])
            server.stop()
            shutil.rmtree(root, ignore_errors=True)
            print(label, run, times[label]["push"][-1], times[label]["pull"][-1], flush=True)
    return {label: {kind: statistics.median(values) for kind, values in kinds.items()} for label, kinds in times.items()}


def main():
    new_bin, old_bin, bare = sys.argv[1], sys.argv[2], sys.argv[3]
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    count = int(os.environ.get("COUNT", "100000"))
    work = tempfile.mkdtemp(prefix="quill-history-overhead-")
    try:
        ratio, runs_of = reads(new_bin, old_bin, bare, runs, work)
        print("ratios", runs_of, flush=True)
        sync_runs = int(os.environ.get("SYNC_RUNS", "2"))
        sync = first_sync(new_bin, old_bin, count, sync_runs, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    load = " ".join("%.2f" % value for value in os.getloadavg())
    rows = []
    shown = lambda values: " ".join("%.0f%%" % (value * 100) for value in values)
    verdict = "met" if abs(ratio["NEW"] - ratio["OLD"]) <= 0.05 else "NOT met"
    rows.append("| `GET /v1/notes/{id}` against the bare Hummingbird app, median of %d alternated runs | NEW within noise (±5 points) of OLD | NEW %.0f%% (%s), OLD %.0f%% (%s) | %s |" % (
        runs, ratio["NEW"] * 100, shown(runs_of["NEW"]), ratio["OLD"] * 100, shown(runs_of["OLD"]), verdict))
    for kind, label in (("push", "first push"), ("pull", "first pull")):
        new, old = sync["NEW"][kind], sync["OLD"][kind]
        rows.append("| %s of %d notes (SQLite), median of %d alternated runs | NEW ≤ 1.2 × OLD | NEW %.1f s, OLD %.1f s: %.2f× | %s |" % (
            label, count, sync_runs, new, old, new / old, "met" if new <= 1.2 * old else "NOT met"))
    text = ("Measured %s on this machine (%d cores; load average %s at the end) by `Tools/benchmarks/history.sh` "
            "(`history_overhead.py`), release builds, in `%s`; OLD is the last release before history.\n\n"
            % (time.strftime("%Y-%m-%d"), os.cpu_count(), load, tempfile.gettempdir())
            + "| measurement | target | result | |\n|---|---|---|---|\n" + "\n".join(rows) + "\n")
    performance_section.replace("history-overhead", "History beside the previous release (`Tools/benchmarks/history.sh`)", text)


if __name__ == "__main__":
    main()
