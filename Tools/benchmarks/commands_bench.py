#!/usr/bin/env python3
"""Measures the `quill` commands that show a few things of a large store, at 10,000 and 100,000 notes.

Each command must cost in proportion to what it prints, not to the size of the store: the target
is <= 30 ms (whole process, release build, median of RUNS) at 100,000 notes. The stores hold
generated notes of 150-600 words, none with an attachment and none in the trash; one note carries
a tag no other has, and one was edited 1,000 times (its history). The store is made as a person's
is: the note edited through `quill edit`, the others written as note files and indexed by the
first `quill list` (as after a restore), then the search index built by a first `quill search`.

Usage: commands_bench.py QUILL [RUNS [BASELINE_QUILL]]     (TMPDIR: where the stores go)
With a baseline, it is measured first on the 100,000-note store, then QUILL on the same store
(each builds the search index as it keeps it before its commands).
Writes docs/performance.md ("Commands at every size").
"""
import json, os, random, statistics, subprocess, sys, tempfile, time

import performance_section

WORDS = ("note idea plan meeting swift archive sync server garden recipe travel budget review "
         "design index journal crash lock tag search list export import body title draft").split()
EDITS = 1_000


def iso(ms):
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(ms // 1000)) + ".%03dZ" % (ms % 1000)


def quill_run(quill, home, args, check=True):
    env = dict(os.environ, QUILL_HOME=home)
    done = subprocess.run([quill] + args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    if check and done.returncode != 0:
        sys.exit("quill %s failed (%d): %s" % (" ".join(args), done.returncode, done.stderr.decode()))
    return done.stdout.decode()


def make_store(quill, home, count, seed):
    """Returns (ID of the edited note, ID of the tagged note)."""
    os.makedirs(home)
    quill_run(quill, home, ["add", "Edited often", "--body", "revision 0"])
    edited = json.loads(quill_run(quill, home, ["list", "--json"]))[0]["id"]
    for revision in range(1, EDITS + 1):
        quill_run(quill, home, ["edit", edited, "--body", "revision %d\n%s" % (revision, " ".join(WORDS[:revision % 20 + 5]))])
    rng = random.Random(seed)
    notes = os.path.join(home, "notes")
    start = 1_767_603_600_000
    tagged = None
    for i in range(count - 1):
        note_id = "%032x" % rng.getrandbits(128)
        tags = sorted({rng.choice(WORDS) for _ in range(rng.randint(0, 3))})
        if i == count // 2:
            tagged, tags = note_id, tags + ["only-one"]
        ms = start + i * 1000
        doc = {"body": " ".join(rng.choice(WORDS) for _ in range(rng.randint(150, 600))), "created": iso(ms),
               "deleted": False, "format": 1, "id": note_id, "revision": 1, "tags": tags,
               "title": "Note %d about %s" % (i, rng.choice(WORDS)), "updated": iso(ms)}
        with open(os.path.join(notes, note_id + ".json"), "w") as f:
            json.dump(doc, f, sort_keys=True, separators=(",", ":"))
    os.remove(os.path.join(home, "index"))
    quill_run(quill, home, ["list"])
    return edited, tagged


def commands(edited, tagged):
    return [
        ("`quill list -n 1`", ["list", "-n", "1"]),
        ("`quill list -t TAG -n 20` (a tag on one note)", ["list", "-t", "only-one", "-n", "20"]),
        ("`quill show PREFIX` (8 digits)", ["show", tagged[:8]]),
        ("`quill attachments` (there are none)", ["attachments"]),
        ("`quill trash` (it is empty)", ["trash"]),
        ("`quill history ID` (edited %d times)" % EDITS, ["history", edited[:8]]),
        ("`quill links --broken` (there are none)", ["links", "--broken"]),
        ("`quill history prune --dry-run`", ["history", "prune", "--keep", "100", "--dry-run"]),
        ("`quill gc --dry-run` (nothing stored)", ["gc", "--dry-run"]),
        ("`quill status` (not logged in)", ["status"]),
    ]


def median_ms(quill, home, args, runs):
    env = dict(os.environ, QUILL_HOME=home)
    times = []
    for _ in range(runs):
        begin = time.perf_counter()
        done = subprocess.run([quill] + args, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
        times.append((time.perf_counter() - begin) * 1000)
        if done.returncode != 0:
            sys.exit("quill %s failed (%d): %s" % (" ".join(args), done.returncode, done.stderr.decode()))
    return statistics.median(times)


def measure(quill, home, edited, tagged, count, runs, results, key):
    quill_run(quill, home, ["search", "garden"])  # the search index as this binary keeps it
    for label, args in commands(edited, tagged):
        median_ms(quill, home, args, 1)  # warm the page cache
        results[(label, key)] = median_ms(quill, home, args, runs)
        print("%-50s %-10s %7d notes %8.1f ms" % (label, key, count, results[(label, key)]), flush=True)


def main():
    quill, runs = sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 7
    baseline = sys.argv[3] if len(sys.argv) > 3 else None
    work = tempfile.mkdtemp(prefix="quill-commands-")
    results = {}
    for count in (10_000, 100_000):
        home = os.path.join(work, "home%d" % count)
        edited, tagged = make_store(quill, home, count, seed=count)
        if baseline and count == 100_000:
            measure(baseline, home, edited, tagged, count, runs, results, "before")
        measure(quill, home, edited, tagged, count, runs, results, count)
        subprocess.run(["rm", "-rf", home])
    started = median_ms(quill, work, ["--version"], runs)
    os.rmdir(work)
    before = " | 100,000 notes, the release before" if baseline else ""
    rows = ["| command (release build, whole process, median of %d) | 10,000 notes | 100,000 notes (target ≤ 30 ms)%s |" % (runs, before),
            "|---|---|---|" + ("---|" if baseline else "")]
    for label, _ in commands("0" * 32, "0" * 32):
        old = " %.1f ms |" % results[(label, "before")] if baseline else ""
        rows.append("| %s | %.1f ms | %.1f ms |%s" % (label, results[(label, 10_000)], results[(label, 100_000)], old))
    rows.append("| `quill --version` (starting the process, for scale) | %.1f ms | |%s" % (started, " |" if baseline else ""))
    stamp = ("Measured %s on this machine (%d cores, load average %.1f at the end of the run) by "
             "`Tools/benchmarks/commands.sh`, the stores in `%s`%s.\n\n"
             % (time.strftime("%Y-%m-%d"), os.cpu_count(), os.getloadavg()[0], os.environ.get("TMPDIR", "/tmp"),
                ", the release before (%s) on the same store" % os.environ.get("BASELINE_REF", "?") if baseline else ""))
    table = "\n".join(rows)
    print(table)
    performance_section.replace("commands", "Commands at every size (`Tools/benchmarks/commands.sh`)", stamp + table)


if __name__ == "__main__":
    main()
