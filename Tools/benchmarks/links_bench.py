#!/usr/bin/env python3
"""The links benchmark (docs/links.md): a store of 100,000 notes holding 500,000 links, release
build, whole process, in an existing directory ($TMPDIR).

Each note links five times: four to other notes by title (one in a hundred to one hub note, so
that one note has thousands of backlinks), one in twenty of them to a note that does not exist.
Measures the first `quill links --broken` (it builds the index: the first command after a
restore), then medians of `quill backlinks ID` (a typical note, and the hub), `quill links
--broken` and `quill links ID`; and `quill add` and `quill edit` against the release before
links (BASELINE: its `quill`), runs interleaved, plus an `edit --title` that renames a note
links reach (the upkeep a rename adds: it catches the index up and keeps the old title as an
alias). Writes docs/performance.md ("Links").

Usage: Tools/benchmarks/links_bench.py QUILL BASELINE_QUILL [RUNS]
"""
import json, os, random, shutil, statistics, subprocess, sys, tempfile, time

import performance_section

COUNT, LINKS_PER_NOTE = 100_000, 5
WORDS = "note idea plan meeting swift archive sync server garden recipe travel budget review design index".split()


def iso(ms):
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(ms // 1000)) + ".%03dZ" % (ms % 1000)


def generate(home, rng):
    notes = os.path.join(home, "notes")
    os.makedirs(notes)
    ids = ["%032x" % rng.getrandbits(128) for _ in range(COUNT)]
    start = 1_767_603_600_000
    for index, note_id in enumerate(ids):
        links = []
        for _ in range(LINKS_PER_NOTE):
            roll = rng.random()
            if roll < 0.01:
                links.append("[[Hub note]]")
            elif roll < 0.06:
                links.append("[[Missing %d]]" % rng.randrange(COUNT))
            else:
                links.append("[[Topic %d|see this]]" % rng.randrange(COUNT))
        words = " ".join(rng.choice(WORDS) for _ in range(rng.randint(100, 400)))
        body = words + "\n\nSee " + ", ".join(links[:3]) + ".\n\nAlso " + " and ".join(links[3:]) + ".\n"
        title = "Hub note" if index == 0 else "Topic %d" % index
        ms = start + index * 1000
        document = {"body": body, "created": iso(ms), "deleted": False, "format": 1, "id": note_id, "revision": 1,
                    "tags": [], "title": title, "updated": iso(ms)}
        with open(os.path.join(notes, note_id + ".json"), "w") as handle:
            json.dump(document, handle, sort_keys=True, separators=(",", ":"))
    return ids


def run(quill, home, args):
    env = dict(os.environ, QUILL_HOME=home)
    begin = time.perf_counter()
    result = subprocess.run([quill] + args, env=env, capture_output=True)
    elapsed = time.perf_counter() - begin
    if result.returncode != 0:
        sys.exit("quill %s failed: %s" % (" ".join(args), result.stderr.decode()))
    return elapsed * 1000, result.stdout.decode()


def median(quill, home, args_for, runs):
    return statistics.median(run(quill, home, args_for(i))[0] for i in range(runs))


def main():
    quill, baseline = sys.argv[1], sys.argv[2]
    runs = int(sys.argv[3]) if len(sys.argv) > 3 else 9
    rng = random.Random(2026)
    work = tempfile.mkdtemp(prefix="quill-links-bench-")
    try:
        home = os.path.join(work, "home")
        ids = generate(home, rng)
        run(quill, home, ["list", "-n", "1"])  # the summary index, as after a restore
        first_broken, output = run(quill, home, ["links", "--broken", "--json"])
        broken_count = len(json.loads(output))
        total = sum(1 for line in run(quill, home, ["links", "--dot"])[1].splitlines() if " -> " in line and "broken:" not in line)
        typical, hub = ids[rng.randrange(1, COUNT)], ids[0]
        hub_backlinks = len(json.loads(run(quill, home, ["backlinks", hub, "--json"])[1]))
        results = {
            "backlinks": median(quill, home, lambda i: ["backlinks", ids[(i * 7919) % COUNT]], runs),
            "hub": median(quill, home, lambda i: ["backlinks", hub], runs),
            "broken": median(quill, home, lambda i: ["links", "--broken"], runs),
            "links": median(quill, home, lambda i: ["links", typical], runs),
        }
        # add and edit against the release before links, interleaved in one store.
        times = {"add": [], "add-old": [], "edit": [], "edit-old": []}
        for i in range(runs * 2):
            for binary, suffix in ((quill, ""), (baseline, "-old")):
                times["add" + suffix].append(run(binary, home, ["add", "Bench %d%s" % (i, suffix), "--body", "x [[Topic 5]]"])[0])
                times["edit" + suffix].append(run(binary, home, ["edit", ids[1000 + i], "--body", "edited %d%s" % (i, suffix)])[0])
        rename, rename_old = [], []
        for i in range(runs):
            rename.append(run(quill, home, ["edit", ids[2000 + i], "--title", "Renamed %d" % i])[0])
            rename_old.append(run(baseline, home, ["edit", ids[3000 + i], "--title", "Renamed old %d" % i])[0])
    finally:
        shutil.rmtree(work, ignore_errors=True)
    med = {key: statistics.median(value) for key, value in times.items()}
    ratio = lambda new, old: (new / old - 1) * 100

    def verdict(ok):
        return "met" if ok else "**not met**"

    table = "\n".join([
        "Measured %s on this machine (%d cores; load average %s at the end) by `Tools/benchmarks/links.sh`, "
        "release builds, %d notes holding %d links (%d broken; %d pairs of notes linked; the hub note has %d backlinks), in `%s`, medians of %d." % (
            time.strftime("%Y-%m-%d"), os.cpu_count(), " ".join("%.2f" % x for x in os.getloadavg()), COUNT, COUNT * LINKS_PER_NOTE,
            broken_count, total, hub_backlinks, os.path.dirname(work), runs),
        "",
        "| measurement (whole process) | target | result | |",
        "|---|---|---|---|",
        "| `quill backlinks ID`, a typical note | ≤ 50 ms | %.1f ms | %s |" % (results["backlinks"], verdict(results["backlinks"] <= 50)),
        "| `quill backlinks ID`, the hub (%d backlinks) | — | %.1f ms | |" % (hub_backlinks, results["hub"]),
        "| `quill links --broken` | ≤ 1 s | %.0f ms | %s |" % (results["broken"], verdict(results["broken"] <= 1000)),
        "| `quill links ID` | — | %.1f ms | |" % results["links"],
        "| the first `quill links --broken` (builds the index, as the first search after a restore) | — | %.1f s | |" % (first_broken / 1000),
        "| `quill add`, against the release before links | within 10%% | %.1f ms vs %.1f ms (%+.0f%%) | %s |" % (
            med["add"], med["add-old"], ratio(med["add"], med["add-old"]), verdict(med["add"] <= med["add-old"] * 1.1)),
        "| `quill edit --body`, against the release before links | within 10%% | %.1f ms vs %.1f ms (%+.0f%%) | %s |" % (
            med["edit"], med["edit-old"], ratio(med["edit"], med["edit-old"]), verdict(med["edit"] <= med["edit-old"] * 1.1)),
        "| `quill edit --title` of a note links reach (catches the index up, keeps the old title as an alias) | — | %.1f ms vs %.1f ms | |" % (
            statistics.median(rename), statistics.median(rename_old)),
    ])
    print(table)
    performance_section.replace("links", "Links (`Tools/benchmarks/links.sh`)", table)


if __name__ == "__main__":
    main()
