#!/usr/bin/env python3
"""Crash test of the search index from outside (issue 17): real `quill` processes (add, edit, rm,
import of a folder, search) SIGKILLed at random moments (first, searches killed while they index
an import of several pages); after each round, and at the end,
`quill search` must find every acknowledged note (one whose command finished and printed its
ID) with its latest text, and nothing deleted. A killed command may or may not have happened;
either outcome is accepted for that note until a later command settles it.

Usage: Tools/search_chaos.py --quill PATH [--seed N] [--rounds N] [--time-limit SECONDS] [--keep]
"""
import argparse, json, os, random, shutil, signal, subprocess, sys, tempfile, time


class Chaos:
    def __init__(self, quill, seed, keep):
        self.quill, self.rng, self.keep = quill, random.Random(seed), keep
        self.work = tempfile.mkdtemp(prefix="quill-search-chaos-")
        self.home = os.path.join(self.work, "home")
        self.counter = 0
        # id -> set of tokens the note may hold now (one when settled); None marks "may be deleted".
        self.notes = {}
        self.imports = {}  # token -> "sure" or "maybe": notes of an imported folder
        self.kills = 0

    def token(self):
        self.counter += 1
        return "tok%dx%d" % (self.counter, self.rng.randrange(1000))

    def run(self, args, kill_after=None, allowed=(0,)):
        """Runs quill; returns (finished, output). With kill_after, SIGKILLs it then if still running.
        An exit status in `allowed` other than 0 counts as finished with output None."""
        env = dict(os.environ, QUILL_HOME=self.home)
        process = subprocess.Popen([self.quill] + args, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if kill_after is not None:
            time.sleep(kill_after)
            if process.poll() is None:
                process.send_signal(signal.SIGKILL)
                self.kills += 1
        out, err = process.communicate()
        if process.returncode == 0:
            return True, out.decode()
        if process.returncode in allowed:
            return True, None
        if process.returncode == -signal.SIGKILL:
            return False, ""
        raise SystemExit("quill %s failed (%d): %s" % (" ".join(args), process.returncode, err.decode()))

    def maybe_kill(self):
        return self.rng.uniform(0, 0.12) if self.rng.random() < 0.6 else None

    def add(self):
        token = self.token()
        finished, out = self.run(["add", "Chaos note", "--body", "body " + token], self.maybe_kill())
        if finished:
            self.notes[out.strip()] = {token}

    def edit(self):
        if not self.notes:
            return self.add()
        note_id = self.rng.choice(sorted(self.notes))
        if None in self.notes[note_id] and len(self.notes[note_id]) == 1:
            return
        token = self.token()
        finished, out = self.run(["edit", note_id, "--body", "edited " + token], self.maybe_kill(), allowed=(0, 3))
        if finished and out is None:  # exit 3: a killed `rm` had deleted it
            self.notes[note_id] = {None}
        else:
            self.notes[note_id] = {token} if finished else self.notes[note_id] | {token}

    def remove(self):
        if not self.notes:
            return self.add()
        note_id = self.rng.choice(sorted(self.notes))
        finished, _ = self.run(["rm", note_id], self.maybe_kill(), allowed=(0, 3))
        if finished:
            self.notes[note_id] = {None}
        else:
            self.notes[note_id] = self.notes[note_id] | {None}

    def import_folder(self, count=None):
        token = self.token()
        folder = os.path.join(self.work, "folder-" + token)
        os.makedirs(folder)
        for index in range(count or self.rng.randint(50, 400)):
            with open(os.path.join(folder, "note %d.md" % index), "w") as handle:
                handle.write("imported %s number %d\n" % (token, index))
        finished, _ = self.run(["import", folder], self.maybe_kill())
        self.imports[token] = ("sure", index + 1) if finished else ("maybe", index + 1)

    def search(self, query, kill=False, kill_after=None):
        finished, out = self.run(["search", query, "--json"], (kill_after or self.maybe_kill()) if kill else None)
        return [hit["id"] for hit in json.loads(out)] if finished else None

    def check(self):
        for note_id, tokens in self.notes.items():
            for token in tokens - {None}:
                found = note_id in self.search(token)
                settled = len(tokens) == 1
                if settled and not found:
                    self.fail("acknowledged note %s is not found by its text %s" % (note_id, token))
            if len(tokens) == 1:
                for token in self.history(note_id) - tokens:
                    if note_id in self.search(token):
                        self.fail("note %s is still found by %s, which it no longer holds" % (note_id, token))
        for token, (state, count) in self.imports.items():
            found = len(self.search(token))
            if (state == "sure" and found != count) or found not in (0, count):
                self.fail("imported folder %s: %d of its %d notes found (%s)" % (token, found, count, state))

    def history(self, note_id):
        return self.seen.get(note_id, set())

    def fail(self, message):
        self.keep = True
        raise SystemExit("search chaos FAILED: %s (data kept in %s)" % (message, self.work))

    def round(self):
        action = self.rng.choices([self.add, self.edit, self.remove, self.import_folder, self.search_killed],
                                  weights=[5, 3, 2, 1, 2])[0]
        action()
        for note_id, tokens in self.notes.items():
            self.seen.setdefault(note_id, set()).update(tokens - {None})

    def large_import(self):
        """More notes than one page of a catch-up (5,000), then searches killed while they index
        them: the index commits all pages but the last without waiting for the disk."""
        self.import_folder(count=12_000)
        for _ in range(5):  # a debug build takes about 0.7 s to index them
            self.search("imported", kill=True, kill_after=self.rng.uniform(0.05, 1.0))
        self.check()

    def search_killed(self):
        self.search(self.rng.choice(["tok*", "body", "edited", "imported"]), kill=True)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--quill", required=True)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--rounds", type=int, default=300)
    parser.add_argument("--time-limit", type=float, default=60)
    parser.add_argument("--keep", action="store_true")
    options = parser.parse_args()
    print("search chaos: seed %d (rerun with --seed %d)" % (options.seed, options.seed), flush=True)
    chaos = Chaos(options.quill, options.seed, options.keep)
    chaos.seen = {}
    start, rounds = time.monotonic(), 0
    try:
        chaos.large_import()
        while rounds < options.rounds and time.monotonic() - start < options.time_limit:
            chaos.round()
            rounds += 1
            if rounds % 10 == 0:
                chaos.check()
        chaos.check()
        print("search chaos: %d rounds in %.0f s, %d processes killed, %d notes and %d imported folders checked: OK" % (
            rounds, time.monotonic() - start, chaos.kills, len(chaos.notes), len(chaos.imports)))
    finally:
        if not chaos.keep:
            shutil.rmtree(chaos.work, ignore_errors=True)


if __name__ == "__main__":
    main()
