#!/usr/bin/env python3
"""Sync benchmarks (issue 5): a real `quill-server` (SQLite) on 127.0.0.1 and `quill` homes, release builds.

- First sync of 10,000 notes from the server into an empty home (target <= 5 s).
- A sync with one changed note, for homes of 1,000 and 100,000 notes (target <= 100 ms, similar for
  both): once with one note changed on the server (pulled), once with one note edited locally (pushed).

The server is filled through `POST /v1/sync/push` (1,000 notes a request). The large home is made by
writing the same notes straight into the store's note files (as Tools/benchmarks/notes.py does) and
then running one untimed `quill sync`, which finds every pulled note already present and only records
the cursor and base revisions. Writes the results into docs/performance.md between markers.

Usage: Tools/benchmarks/sync.py BIN_DIR   (normally through Tools/benchmarks/sync.sh)
"""
import json, os, random, re, shutil, statistics, subprocess, sys, tempfile, time, urllib.request

import performance_section

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORDS = ("note idea plan meeting swift archive sync server garden recipe travel budget review "
         "design index journal crash lock tag search list export import body title draft").split()
START_MS = 1_767_603_600_000


def iso(ms):
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(ms // 1000)) + ".%03dZ" % (ms % 1000)


def make_notes(count, seed):
    rng = random.Random(seed)
    notes = []
    for i in range(count):
        ms = START_MS + i * 1000
        notes.append({"body": " ".join(rng.choice(WORDS) for _ in range(rng.randint(20, 80))), "created": iso(ms),
                      "deleted": False, "format": 1, "id": "%032x" % rng.getrandbits(128), "revision": 1,
                      "tags": sorted({rng.choice(WORDS) for _ in range(rng.randint(0, 3))}),
                      "title": "Note %d about %s" % (i, rng.choice(WORDS)), "updated": iso(ms)})
    return notes


class Server:
    def __init__(self, bin_dir, work):
        self.binary = os.path.join(bin_dir, "quill-server")
        self.storage = ["--data-dir", os.path.join(work, "server")]
        created = subprocess.run([self.binary, "account", "create", "bench"] + self.storage,
                                 capture_output=True, text=True, check=True)
        self.token = created.stdout.strip()
        self.log = open(os.path.join(work, "server.log"), "w+")
        self.process = subprocess.Popen([self.binary, "serve", "--host", "127.0.0.1", "--port", "0",
                                         "--log-level", "notice"] + self.storage,
                                        stdout=subprocess.DEVNULL, stderr=self.log)
        # The port chosen by the kernel is announced at notice level.
        self.port = None
        for _ in range(400):
            self.log.seek(0)
            match = re.search(r"listening on http://127\.0\.0\.1:(\d+)", self.log.read())
            if match:
                self.port = int(match.group(1))
                break
            if self.process.poll() is not None:
                break
            time.sleep(0.05)
        if self.port is None:
            self.log.seek(0)
            sys.exit("quill-server did not start: " + self.log.read())
        self.url = "http://127.0.0.1:%d" % self.port
        self.pushes = 0

    def push(self, changes):
        self.pushes += 1
        body = json.dumps({"requestID": "bench-%d-%f" % (self.pushes, time.time()), "changes": changes},
                          sort_keys=True).encode()
        request = urllib.request.Request(self.url + "/v1/sync/push", data=body, method="POST", headers={
            "Authorization": "Bearer " + self.token, "Content-Type": "application/json"})
        with urllib.request.urlopen(request) as answer:
            return json.loads(answer.read())["results"]

    def fill(self, notes):
        for start in range(0, len(notes), 1000):
            self.push([{"note": note, "baseRevision": None} for note in notes[start:start + 1000]])

    def stop(self):
        self.process.terminate()
        self.process.wait()


class Home:
    def __init__(self, quill, work, name, server):
        self.quill, self.root = quill, os.path.join(work, name)
        self.env = dict(os.environ, QUILL_HOME=os.path.join(self.root, "data"),
                        XDG_CONFIG_HOME=os.path.join(self.root, "config"))
        self.env.pop("QUILL_SERVER", None)
        self.env.pop("QUILL_TOKEN", None)
        self.run(["login", "--server", server.url, "--token", server.token])

    def run(self, args):
        begin = time.perf_counter()
        done = subprocess.run([self.quill] + args, env=self.env, capture_output=True, text=True)
        elapsed = time.perf_counter() - begin
        if done.returncode != 0:
            sys.exit("quill %s failed: %s" % (" ".join(args), done.stderr))
        return elapsed, done.stdout.strip()

    def write_notes(self, notes):
        """The notes as the file store keeps them; its index is rebuilt by the first command."""
        directory = os.path.join(self.env["QUILL_HOME"], "notes")
        os.makedirs(directory, exist_ok=True)
        for note in notes:
            with open(os.path.join(directory, note["id"] + ".json"), "w") as f:
                json.dump(note, f, sort_keys=True, separators=(",", ":"))
        self.run(["list", "--limit", "1"])


def one_change(server, home, notes, repeats, rng):
    """Median seconds of `quill sync` after one server-side change, and after one local edit."""
    pulled, pushed = [], []
    revisions = {}
    for i in range(repeats):
        note = dict(rng.choice(notes))
        note["body"] = "changed on the server %d" % i
        note["revision"] = revisions.get(note["id"], 1)
        result = server.push([{"note": note, "baseRevision": note["revision"]}])[0]
        revisions[note["id"]] = result["note"]["revision"]
        elapsed, output = home.run(["sync"])
        if not output.startswith("pulled 1, pushed 0"):
            sys.exit("unexpected sync output after a server change: " + output)
        pulled.append(elapsed)

        local = rng.choice(notes)["id"]
        home.run(["edit", local, "--body", "changed here %d" % i])
        elapsed, output = home.run(["sync"])
        if not output.startswith("pulled 0, pushed 1"):
            sys.exit("unexpected sync output after a local edit: " + output)
        revisions[local] = revisions.get(local, 1) + 1
        pushed.append(elapsed)
    return statistics.median(pulled), statistics.median(pushed)


def main():
    bin_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release")
    quill = os.path.join(bin_dir, "quill")
    work = tempfile.mkdtemp(prefix="quill-sync-bench-")
    rng = random.Random(5)
    results = {}
    try:
        # First sync of 10,000 notes into empty homes.
        server = Server(bin_dir, os.path.join(work, "s10k"))
        server.fill(make_notes(10_000, seed=1))
        firsts = []
        for attempt in range(3):
            home = Home(quill, work, "first%d" % attempt, server)
            elapsed, output = home.run(["sync"])
            if not output.startswith("pulled 10000, pushed 0"):
                sys.exit("unexpected first sync: " + output)
            firsts.append(elapsed)
            shutil.rmtree(home.root)
        results["first10k"] = statistics.median(firsts)
        server.stop()

        for count in (1_000, 100_000):
            server = Server(bin_dir, os.path.join(work, "s%d" % count))
            notes = make_notes(count, seed=count)
            server.fill(notes)
            home = Home(quill, work, "home%d" % count, server)
            home.write_notes(notes)
            setup, output = home.run(["sync"])
            if not output.startswith("pulled 0, pushed 0"):
                sys.exit("unexpected setup sync: " + output)
            results["setup%d" % count] = setup
            results["pull%d" % count], results["push%d" % count] = one_change(server, home, notes, 9, rng)
            server.stop()
    finally:
        shutil.rmtree(work, ignore_errors=True)

    ms = lambda seconds: "%.0f ms" % (seconds * 1000)
    table = "\n".join([
        "| measurement (release builds, whole `quill sync` process, loopback, SQLite server) | target | result |",
        "|---|---|---|",
        "| first sync of 10,000 notes into an empty home, median of 3 | ≤ 5 s | %.2f s |" % results["first10k"],
        "| one note changed on the server, home of 1,000 notes, median of 9 | ≤ 100 ms | %s |" % ms(results["pull1000"]),
        "| one note changed on the server, home of 100,000 notes, median of 9 | ≤ 100 ms | %s |" % ms(results["pull100000"]),
        "| one note edited locally, home of 1,000 notes, median of 9 | ≤ 100 ms | %s |" % ms(results["push1000"]),
        "| one note edited locally, home of 100,000 notes, median of 9 | ≤ 100 ms | %s |" % ms(results["push100000"]),
        "| (setup, untimed target) first sync of a home already holding the 100,000 notes | — | %.1f s |" % results["setup100000"],
    ])
    print(table)
    update_doc(table)


def update_doc(table):
    stamp = "Measured %s on this machine (%d cores, load average %.1f at the end of the run) by `Tools/benchmarks/sync.sh`.\n\n" % (
        time.strftime("%Y-%m-%d"), os.cpu_count(), os.getloadavg()[0])
    performance_section.replace("sync", "Sync (`Tools/benchmarks/sync.sh`)", stamp + table)


if __name__ == "__main__":
    main()
