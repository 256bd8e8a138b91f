#!/usr/bin/env python3
"""Benchmarks the `quill` CLI on large stores (issue 2's speed targets), release build, whole process.

Generates stores of 10,000 and 100,000 notes (note files written directly in Quill's versioned
JSON format; the first `quill list` rebuilds the index, as it would after a restore), then
measures median wall time of `quill add`, `quill list` and `quill search`, and the peak RSS of
`quill list` on 100,000 notes. Writes the results into docs/performance.md between markers.

Usage: Tools/benchmarks/notes.py [--skip-build]
"""
import json, os, random, shutil, statistics, subprocess, sys, tempfile, time

import performance_section

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORDS = ("note idea plan meeting swift archive sync server garden recipe travel budget review "
         "design index journal crash lock tag search list export import body title draft").split()


def build():
    subprocess.run(["swift", "build", "-c", "release", "--product", "quill"], cwd=ROOT, check=True)
    out = subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True,
                         capture_output=True, text=True).stdout.strip()
    return os.path.join(out, "quill")


def iso(ms):
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(ms // 1000)) + ".%03dZ" % (ms % 1000)


def generate(home, count, seed):
    rng = random.Random(seed)
    notes = os.path.join(home, "notes")
    os.makedirs(notes)
    start = 1_767_603_600_000
    for i in range(count):
        note_id = "%032x" % rng.getrandbits(128)
        body = " ".join(rng.choice(WORDS) for _ in range(rng.randint(150, 600)))
        ms = start + i * 1000
        doc = {"body": body, "created": iso(ms), "deleted": False, "format": 1, "id": note_id, "revision": 1,
               "tags": sorted({rng.choice(WORDS) for _ in range(rng.randint(0, 3))}),
               "title": "Note %d about %s" % (i, rng.choice(WORDS)), "updated": iso(ms)}
        with open(os.path.join(notes, note_id + ".json"), "w") as f:
            json.dump(doc, f, sort_keys=True, separators=(",", ":"))


def run(quill, home, args):
    """Runs quill once; returns (seconds, peak RSS in MiB)."""
    env = dict(os.environ, QUILL_HOME=home)
    begin = time.perf_counter()
    process = subprocess.Popen([quill] + args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = process.communicate()
    elapsed = time.perf_counter() - begin
    if process.returncode != 0:
        sys.exit("quill %s failed: %s" % (" ".join(args), err.decode()))
    return elapsed, out


def peak_rss_mib(quill, home, args):
    env = dict(os.environ, QUILL_HOME=home)
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.execve(quill, [quill] + args, env)
    _, status, usage = os.wait4(pid, 0)
    if status != 0:
        sys.exit("quill %s failed with status %d" % (" ".join(args), status))
    return usage.ru_maxrss / 1024.0


def median_ms(quill, home, args_for, repeats):
    times = [run(quill, home, args_for(i))[0] for i in range(repeats)]
    return statistics.median(times) * 1000


def main():
    quill = build() if "--skip-build" not in sys.argv else os.path.join(ROOT, ".build/release/quill")
    work = tempfile.mkdtemp(prefix="quill-bench-")
    results = {}
    try:
        home = os.path.join(work, "home10k")
        generate(home, 10_000, seed=1)
        run(quill, home, ["list"])  # rebuilds and saves the index
        results["list10k"] = median_ms(quill, home, lambda i: ["list"], 15)
        results["search10k"] = median_ms(quill, home, lambda i: ["search", "Garden RECIPE"], 9)
        results["add10k"] = median_ms(quill, home, lambda i: ["add", "benchmark note %d" % i, "--body", "x" * 2000], 31)
        count = len(run(quill, home, ["list"])[1].splitlines())
        shutil.rmtree(home)

        home = os.path.join(work, "home100k")
        generate(home, 100_000, seed=2)
        run(quill, home, ["list"])
        results["rss100k"] = max(peak_rss_mib(quill, home, ["list"]) for _ in range(3))
        results["list100k"] = median_ms(quill, home, lambda i: ["list"], 5)
    finally:
        shutil.rmtree(work, ignore_errors=True)

    table = "\n".join([
        "| measurement (release build, whole process) | target | result |",
        "|---|---|---|",
        "| `quill add` into a store of 10,000 notes, median of 31 | ≤ 40 ms | %.1f ms |" % results["add10k"],
        "| `quill list` of 10,000 notes (%d listed), median of 15 | ≤ 150 ms | %.1f ms |" % (count, results["list10k"]),
        "| `quill search` over 10,000 notes (bodies 1–4 KiB), median of 9 | ≤ 300 ms | %.1f ms |" % results["search10k"],
        "| `quill list` of 100,000 notes, median of 5 | — | %.1f ms |" % results["list100k"],
        "| `quill list` of 100,000 notes, peak RSS (max of 3) | < 150 MiB | %.1f MiB |" % results["rss100k"],
    ])
    print(table)
    update_doc("notes", table)


def update_doc(section, table):
    stamp = "Measured %s on this machine (%d cores, load average %.1f at the end of the run) by `Tools/benchmarks/%s.py`.\n\n" % (
        time.strftime("%Y-%m-%d"), os.cpu_count(), os.getloadavg()[0], section)
    performance_section.replace(section, "Notes CLI (`Tools/benchmarks/notes.py`)", stamp + table)


if __name__ == "__main__":
    main()
