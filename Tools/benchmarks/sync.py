#!/usr/bin/env python3
"""Sync benchmarks: a whole vault arriving, then one change, with `rsync -a` of the same notes beside it.

Release builds, a real `quill-server` on 127.0.0.1, `quill` homes in an existing directory (TMPDIR),
notes of 1-4 KiB (`plain_corpus.py`). For each size (10,000 and 100,000 notes by default):

- rsync: `rsync -a` of the pushing home's note files into a new folder, median of 3: the reference;
- first push: `quill sync` in the home that imported the notes (`quill import FOLDER`, untimed); on
  SQLite the median of PUSHES (5), each from a new home into a new server, the sizes alternating so
  that the host's drift weighs on both; their ratio (a target) is the median of the ratios of the
  pairs pushed one after the other, with the ratio of the medians beside it;
- the first search after each push (`GET /v1/notes?q=garden`), which on SQLite also indexes the
  search text the push left queued: what the push left for later, beside the push's own time;
- first pull: `quill sync` in an empty home, PULLS (3) times, each into a new home from the same
  server (a single pull of 10,000 notes moved by a third from one to the next), each beside an
  `rsync -a` of the same notes made just before or just after it (alternately), so that a pull is
  compared with the disk as it is at that moment rather than as it was at the first push, minutes
  earlier; the ratio (a target) is the median of the pairs' ratios;
- one change: `quill sync` after one note is edited, in the pushing home (its first sync after the
  push) and in the pulling home (its first sync after the pull), then the median of 5 more;
- memory: `quill-server`'s peak resident memory (VmHWM) above its resident memory when idle, during
  the push and during the pull (a fresh server process for each), and the peak of each `quill sync`.

Each rsync, the push and the pull start once the disk has written back what the benchmark wrote
before them (`settle`: the corpus, the import, the copies rsync made), so none pays for another's
writeback; each still pays for its own durability. Nothing is deleted until every measurement is
done: ext4 without a journal (this host's) skips, one by one, the inodes freed within the last five
minutes whose inode table block is dirty, so creating many files just after deleting many costs
several times as much (`perf`: `recently_deleted` under `ext4_create`). A person's home has not just
deleted the notes it is about to receive; neither rsync nor `quill` pays for the benchmark's own
clean-up.

With QUILL_BENCH_POSTGRES_URL set (run under `Tools/with-postgres.sh`, which sets
QUILL_TEST_POSTGRES_URL), the first push and pull are measured on PostgreSQL too.
Writes the results into docs/performance.md between markers.

Usage: Tools/benchmarks/sync.py BIN_DIR   (normally through Tools/benchmarks/sync.sh)
       SIZES="10000 100000" overrides the sizes.
"""
import json, os, random, re, shutil, socket, statistics, subprocess, sys, tempfile, time, urllib.request

import performance_section
from search_bench import settle

HERE = os.path.dirname(os.path.abspath(__file__))
RUNS = 5
PUSHES = 5
PULLS = 3


def cpu_seconds(pid):
    """The user and system time of process `pid` so far."""
    with open("/proc/%d/stat" % pid) as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def vm_kib(pid, field):
    with open("/proc/%d/status" % pid) as status:
        for line in status:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0


class Server:
    """One `quill-server serve` process over a storage (a data directory, or PostgreSQL too)."""

    def __init__(self, bin_dir, work, database=None):
        self.binary = os.path.join(bin_dir, "quill-server")
        self.storage = ["--data-dir", os.path.join(work, "server")] + (["--database", database] if database else [])
        self.work = work
        os.makedirs(work, exist_ok=True)
        created = subprocess.run([self.binary, "account", "create", "bench-%d" % random.getrandbits(32)] + self.storage,
                                 capture_output=True, text=True, check=True)
        self.token = created.stdout.strip()
        self.process = None
        # One port for every process of this server, so that homes stay logged in to the same address.
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]

    def start(self):
        """A fresh process: its peak resident memory then belongs to what follows."""
        log = open(os.path.join(self.work, "server.log"), "a+")
        log.seek(0, os.SEEK_END)
        offset = log.tell()
        self.process = subprocess.Popen([self.binary, "serve", "--host", "127.0.0.1", "--port", str(self.port),
                                         "--log-level", "notice"] + self.storage,
                                        stdout=subprocess.DEVNULL, stderr=log)
        port = None
        for _ in range(400):
            log.seek(offset)
            match = re.search(r"listening on http://127\.0\.0\.1:(\d+)", log.read())
            if match:
                port = int(match.group(1))
                break
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        if port is None:
            log.seek(offset)
            sys.exit("quill-server did not start: " + log.read())
        self.url = "http://127.0.0.1:%d" % port
        # Idle: after one authenticated request, as a server that has answered a client would be.
        request = urllib.request.Request(self.url + "/v1/info", headers={"Authorization": "Bearer " + self.token})
        urllib.request.urlopen(request).read()
        time.sleep(0.3)
        self.idle_kib = vm_kib(self.process.pid, "VmRSS")

    def search_seconds(self, word):
        """Seconds until `GET /v1/notes?q=WORD` answers: the first after a push also indexes the
        text the push left queued (SQLite), so it says what the push left to do."""
        request = urllib.request.Request(self.url + "/v1/notes?q=%s&limit=20" % word, headers={"Authorization": "Bearer " + self.token})
        begin = time.perf_counter()
        urllib.request.urlopen(request).read()
        return time.perf_counter() - begin

    def peak_above_idle_mib(self):
        return (vm_kib(self.process.pid, "VmHWM") - self.idle_kib) / 1024

    def stop(self):
        self.process.terminate()
        self.process.wait()


class Home:
    def __init__(self, quill, root, server):
        self.quill, self.root = quill, root
        self.env = dict(os.environ, QUILL_HOME=os.path.join(root, "data"), XDG_CONFIG_HOME=os.path.join(root, "config"))
        self.env.pop("QUILL_SERVER", None)
        self.env.pop("QUILL_TOKEN", None)
        self.login(server)

    def login(self, server):
        self.run(["login", "--server", server.url, "--token", server.token])

    def run(self, args):
        """(seconds, stdout) of one whole `quill` process."""
        begin = time.perf_counter()
        process = subprocess.Popen([self.quill] + args, env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        out, err = process.communicate()
        elapsed = time.perf_counter() - begin
        if process.returncode != 0:
            sys.exit("quill %s failed: %s" % (" ".join(args), err.decode()))
        return elapsed, out.decode().strip()

    def any_note(self, rng):
        _, listing = self.run(["list", "--json", "--limit", "200"])
        return rng.choice(json.loads(listing))["id"]


def single_peak_sync(home, expect):
    """`quill sync` in a child whose own peak is known: a wrapper process reports only its child's."""
    code = ("import resource, subprocess, sys, time\n"
            "b = time.perf_counter()\n"
            "p = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
            "e = time.perf_counter() - b\n"
            "print('%f %d' % (e, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))\n"
            "sys.stderr.write(p.stdout + p.stderr)\n"
            "sys.exit(p.returncode)\n")
    done = subprocess.run([sys.executable, "-c", code, home.quill, "sync"], env=home.env, capture_output=True, text=True)
    if done.returncode != 0 or not done.stderr.startswith(expect):
        sys.exit("unexpected `quill sync`: %r (expected %r)" % (done.stderr, expect))
    elapsed, peak = done.stdout.split()
    return float(elapsed), int(peak) / 1024


def rsync_once(source, target):
    """Seconds of one `rsync -a` of `source` into the new folder `target`, once the disk has settled."""
    settle()
    begin = time.perf_counter()
    subprocess.run(["rsync", "-a", source + "/", target + "/"], check=True)
    return time.perf_counter() - begin


def rsync_seconds(source, work, tag):
    return statistics.median(rsync_once(source, os.path.join(work, "rsync-%s-%d" % (tag, attempt))) for attempt in range(3))


def one_change(home, rng, label):
    """The first sync after one local edit, then the median of RUNS more."""
    times = []
    for i in range(RUNS + 1):
        home.run(["edit", home.any_note(rng), "--body", "%s changed this, %d" % (label, i)])
        elapsed, _ = single_peak_sync(home, "pulled 0, pushed 1")
        times.append(elapsed)
    return times[0], statistics.median(times[1:])


class FirstPush:
    """One first push: a new server, a new home that imports the corpus (untimed), then `quill sync`.
    The first of a size also times rsync of the imported notes, the reference."""

    def __init__(self, bin_dir, work, count, attempt, database=None):
        tag = "%s-%d" % ("pg" if database else "sqlite", count)
        corpus = os.path.join(work, "corpus-%d" % count)
        if not os.path.isdir(corpus):
            subprocess.run([sys.executable, os.path.join(HERE, "plain_corpus.py"), corpus, str(count)], check=True)
        self.server = Server(bin_dir, os.path.join(work, "server-%s-%d" % (tag, attempt)), database)
        self.server.start()
        self.pusher = Home(os.path.join(bin_dir, "quill"), os.path.join(work, "push-%s-%d" % (tag, attempt)), self.server)
        self.pusher.run(["import", corpus])
        self.rsync = rsync_seconds(os.path.join(self.pusher.env["QUILL_HOME"], "notes"), work, tag) if attempt == 0 else None
        settle()
        self.seconds, self.quill_mib = single_peak_sync(self.pusher, "pulled 0, pushed %d" % count)
        self.search_after = self.server.search_seconds("garden")
        self.server_mib = self.server.peak_above_idle_mib()
        self.server.stop()


def first_pushes(bin_dir, work, sizes, database=None):
    """SQLite's first push PUSHES times per size, each from a new home into a new server, the sizes
    alternating (10k, 100k, 100k, 10k, ...) so that the host's drift over the run weighs on both
    alike; PostgreSQL's once per size, as each push adds an account to the same database."""
    pushes = {count: [] for count in sizes}
    for attempt in range(PUSHES if database is None else 1):
        for count in (sizes if attempt % 2 == 0 else list(reversed(sizes))):
            pushes[count].append(FirstPush(bin_dir, work, count, attempt, database))
    return pushes


def measure(bin_dir, work, count, pushes, rng, database=None, full=True):
    """The pushes' figures (the median counts; memory, the highest peak), then PULLS first pulls from
    the last push's server (the median counts) and one change on each side."""
    tag = "%s-%d" % ("pg" if database else "sqlite", count)
    result = {"pushes": [push.seconds for push in pushes], "push": statistics.median(push.seconds for push in pushes),
              "rsync": pushes[0].rsync, "push_quill_mib": max(push.quill_mib for push in pushes),
              "push_server_mib": max(push.server_mib for push in pushes),
              "searches_after": [push.search_after for push in pushes],
              "search_after": statistics.median(push.search_after for push in pushes)}
    server, pusher = pushes[-1].server, pushes[-1].pusher
    server.start()
    pulls, rsyncs = [], []
    notes = os.path.join(pusher.env["QUILL_HOME"], "notes")
    for attempt in range(PULLS):
        puller = Home(os.path.join(bin_dir, "quill"), os.path.join(work, "pull-%s-%d" % (tag, attempt)), server)
        if attempt % 2 == 0:
            rsyncs.append(rsync_once(notes, os.path.join(work, "rsync-%s-beside-pull-%d" % (tag, attempt))))
        settle()
        pulls.append(single_peak_sync(puller, "pulled %d, pushed 0" % count))
        if attempt % 2 == 1:
            rsyncs.append(rsync_once(notes, os.path.join(work, "rsync-%s-beside-pull-%d" % (tag, attempt))))
    result["pulls"] = [seconds for seconds, _ in pulls]
    result["pull_rsyncs"] = rsyncs
    result["pull_ratio"] = statistics.median(pull / rsync for pull, rsync in zip(result["pulls"], rsyncs))
    result["pull"], result["pull_quill_mib"] = statistics.median(result["pulls"]), max(mib for _, mib in pulls)
    result["pull_server_mib"] = server.peak_above_idle_mib()
    if full:
        result["after_push"], result["change_pusher"] = one_change(pusher, rng, "the pushing home")
        # The pulling home's first sync after its pull also receives the pusher's edits.
        puller.run(["sync"])
        result["after_pull"], result["change_puller"] = one_change(puller, rng, "the pulling home")
    server.stop()
    print(tag, json.dumps(result), flush=True)
    return result


def main():
    bin_dir = sys.argv[1]
    sizes = [int(size) for size in os.environ.get("SIZES", "10000 100000").split()]
    postgres = os.environ.get("QUILL_BENCH_POSTGRES_URL") or os.environ.get("QUILL_TEST_POSTGRES_URL")
    work = tempfile.mkdtemp(prefix="quill-sync-bench-")
    rng = random.Random(28)
    try:
        pushed = first_pushes(bin_dir, work, sizes)
        sqlite = {count: measure(bin_dir, work, count, pushed[count], rng) for count in sizes}
        pg = {}
        if postgres:
            pushed = first_pushes(bin_dir, work, sizes, database=postgres)
            pg = {count: measure(bin_dir, work, count, pushed[count], rng, database=postgres, full=False) for count in sizes}
    finally:
        shutil.rmtree(work, ignore_errors=True)
    update_doc(table(sizes, sqlite, pg))


def server_memory(r):
    return "%.0f / %.0f MiB" % (r["push_server_mib"], r["pull_server_mib"])


def table(sizes, sqlite, pg):
    ms = lambda seconds: "%.0f ms" % (seconds * 1000)
    met = lambda ok: "" if ok else ", **not met**"
    ratio = lambda r, key, limit: "%.2f s (%.2f× rsync%s)" % (r[key], r[key] / r["rsync"], met(r[key] / r["rsync"] <= limit))
    pull = lambda r: "%.2f s (%.2f× the rsync beside it%s)" % (r["pull"], r["pull_ratio"], met(r["pull_ratio"] <= 1.0))
    rows = ["| notes (1–4 KiB), release builds, loopback | rsync -a beside the first push, median of 3 "
            "| first push, median of %d on SQLite (target ≤ 1.5× rsync) | the first search after it (indexes what the push queued) "
            "| first pull, median of %d, and the median of its ratios to the rsync beside each (≤ 1.0×) | one change: first sync after the push / after the pull (≤ 100 ms) "
            "| one change, median of %d more | quill-server peak resident memory above idle, push and the search after it / pull (≤ 128 MiB) "
            "| quill peak, push / pull (< 150 MiB) |" % (PUSHES, PULLS, RUNS), "|---|---|---|---|---|---|---|---|---|"]
    for count in sizes:
        r = sqlite[count]
        rows.append("| %s, SQLite | %.2f s | %s | %s | %s | %s / %s | %s / %s | %s | %.0f / %.0f MiB |" % (
            format(count, ","), r["rsync"], ratio(r, "push", 1.5), ms(r["search_after"]), pull(r), ms(r["after_push"]), ms(r["after_pull"]),
            ms(r["change_pusher"]), ms(r["change_puller"]), server_memory(r), r["push_quill_mib"], r["pull_quill_mib"]))
    for count in sorted(pg):
        r = pg[count]
        against = r["push"] / sqlite[count]["push"]
        rows.append("| %s, PostgreSQL (push target ≤ 1.5× SQLite's) | %.2f s | %s; %.2f× SQLite's%s | %s | %s | — | — | %s | %.0f / %.0f MiB |" % (
            format(count, ","), r["rsync"], ratio(r, "push", float("inf")), against, met(against <= 1.5), ms(r["search_after"]), pull(r),
            server_memory(r), r["push_quill_mib"], r["pull_quill_mib"]))
    rows.append("")
    rows.append("First pulls, each into a new home, against the `rsync -a` beside each (s): " + "; ".join(
        "%s %s: %s" % (format(count, ","), name, ", ".join(
            "%.2f against %.2f" % pair for pair in zip(runs[count]["pulls"], runs[count]["pull_rsyncs"])))
        for name, runs in [("SQLite", sqlite), ("PostgreSQL", pg)] for count in sorted(runs)) + ".")
    rows.append("")
    rows.append("The first search after each push (ms): " + "; ".join(
        "%s %s: %s" % (format(count, ","), name, ", ".join("%.0f" % (seconds * 1000) for seconds in runs[count]["searches_after"]))
        for name, runs in [("SQLite", sqlite), ("PostgreSQL", pg)] for count in sorted(runs)) + ".")
    if len(sizes) >= 2:
        small, large = sqlite[sizes[0]], sqlite[sizes[-1]]
        rows.append("")
        listed = lambda r: ", ".join("%.2f" % seconds for seconds in r["pushes"])
        pairs = [big / little for big, little in zip(large["pushes"], small["pushes"])]
        rows.append("First push on SQLite, %s notes against %s: %.1f× the time for %.0f× the notes (target ≤ 11× for 10×), "
                    "the median of the ratios of the %d pairs of pushes made one after the other (%s); %.1f× from the "
                    "medians of the %d pushes of each size, each from a new home into a new server (%s s and %s s)." % (
                        format(sizes[-1], ","), format(sizes[0], ","), statistics.median(pairs), sizes[-1] / sizes[0],
                        len(pairs), ", ".join("%.1f×" % ratio for ratio in pairs), large["push"] / small["push"],
                        PUSHES, listed(large), listed(small)))
    text = "\n".join(rows)
    print(text)
    return text


def update_doc(text):
    stamp = ("Measured %s on this machine (%d cores, load average %.1f at the end of the run) by `Tools/benchmarks/sync.sh`"
             " in an existing directory (%s).\n\n") % (time.strftime("%Y-%m-%d"), os.cpu_count(), os.getloadavg()[0],
                                                       os.environ.get("TMPDIR", "/tmp"))
    performance_section.replace("sync", "Sync (`Tools/benchmarks/sync.sh`)", stamp + text)


if __name__ == "__main__":
    main()
