#!/usr/bin/env python3
"""Chaos test of `quill sync` with real processes.

A real `quill-server` (SQLite, in a temporary data directory) and three `quill` homes (each its own
QUILL_HOME and XDG_CONFIG_HOME, logged in with `quill login`) make random creates, edits and deletes
and sync. `quill sync` is SIGKILLed at random moments, and the server is SIGKILLed and restarted (on
the same port, or on a new one followed by `quill login` in every home). A sync that nothing
interrupts must succeed, whatever happened before. Then a new home's first pull of an account of
1,500 notes (more than a page, so one page is created in place) is SIGKILLed a few times and let
finish: it must hold what the pushing home holds. At the end, after a quiet phase (every home syncs,
twice around, nothing killed), every home must hold exactly the server's notes, and no edit may be
missing: every edit appends a unique token to a note's body, and each token must be in some note on
the server (the edited note or a conflict copy), unless the note holding it was deleted on purpose.
History keeps every token: each one is in some revision of the server's history
(`/v1/notes/{id}/revisions`) unless deleted on purpose, and each home's own history (`quill
history`, `quill show --revision`) of the note it wrote a token into holds that token, deleted or
not, and lists no revision number twice.

The choices come from --seed (printed first); process timing still varies from run to run,
so a seed reproduces the same script of actions, not necessarily the same interleaving.

    Tools/chaos.py --quill .build/debug/quill --server .build/debug/quill-server --rounds 500 --seed 7
    Tools/chaos.sh --rounds 500 --seed 7     # builds both binaries first
"""

import argparse
import concurrent.futures
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request

COMMAND_TIMEOUT = 90  # seconds; a command that takes longer is a hang, and a failure
BULK_NOTES = 1500  # a first pull of more than a page (1000 notes), so a page is created in place
BULK_PULL_KILLS = 4
BULK_WORDS = ["garden", "river", "lamp", "stone", "paper", "cloud", "東京", "서울", "القاهرة", "🌿"]
# The final check only reads (hundreds of `quill show` and `quill history`), so it runs that many
# processes at once: a process's start-up, not its work, is most of each.
CHECK_PROCESSES = 4


def in_parallel(function, items):
    """function(item) for every item, CHECK_PROCESSES at a time, in the items' order."""
    with concurrent.futures.ThreadPoolExecutor(max_workers=CHECK_PROCESSES) as pool:
        return list(pool.map(function, items))


class ChaosFailure(Exception):
    pass


class Server:
    """The one quill-server process, restarted on the same data directory after each kill."""

    def __init__(self, binary, data_dir, log_dir):
        self.binary = binary
        self.data_dir = data_dir
        self.log_dir = log_dir
        self.process = None
        self.port = 0
        self.starts = 0

    def create_account(self, name):
        result = subprocess.run([self.binary, "account", "create", name, "--data-dir", self.data_dir],
                                capture_output=True, text=True, timeout=COMMAND_TIMEOUT)
        if result.returncode != 0:
            raise ChaosFailure(f"quill-server account create failed: {result.stderr}")
        return result.stdout.strip()

    def start(self, port):
        """Starts on `port` (0: a free one); returns False if that port cannot be had."""
        self.starts += 1
        log_path = os.path.join(self.log_dir, f"server-{self.starts}.log")
        log = open(log_path, "wb")
        self.process = subprocess.Popen(
            [self.binary, "serve", "--host", "127.0.0.1", "--port", str(port), "--data-dir", self.data_dir,
             "--log-level", "notice"],
            stdout=subprocess.DEVNULL, stderr=log, stdin=subprocess.DEVNULL)
        log.close()
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with open(log_path, "r", errors="replace") as handle:
                found = re.search(r"listening on http://127\.0\.0\.1:(\d+)", handle.read())
            if found:
                self.port = int(found.group(1))
                return True
            if self.process.poll() is not None:
                self.process = None
                return False
            time.sleep(0.05)
        raise ChaosFailure(f"quill-server did not start; see {log_path}")

    @property
    def url(self):
        return f"http://127.0.0.1:{self.port}"

    def kill(self):
        if self.process is not None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
            self.process = None

    def notes(self, token):
        """Every note the server holds (tombstones included), by ID, from the change feed."""
        notes, since = {}, None
        while True:
            query = "limit=1000" + (f"&since={since}" if since else "")
            request = urllib.request.Request(f"{self.url}/v1/changes?{query}",
                                             headers={"Authorization": f"Bearer {token}"})
            with urllib.request.urlopen(request, timeout=COMMAND_TIMEOUT) as response:
                page = json.load(response)
            for note in page["changes"]:
                notes[note["id"]] = note
            since = page["next"]
            if not page["hasMore"]:
                return notes

    def _get(self, token, path):
        request = urllib.request.Request(f"{self.url}{path}", headers={"Authorization": f"Bearer {token}"})
        with urllib.request.urlopen(request, timeout=COMMAND_TIMEOUT) as response:
            return json.load(response)

    def history_bodies(self, token, note_id):
        """The body of every revision the server keeps of the note, newest first."""
        listed = self._get(token, f"/v1/notes/{note_id}/revisions")["revisions"]
        return [self._get(token, f"/v1/notes/{note_id}/revisions/{item['revision']}")["note"]["body"] for item in listed]


class Home:
    """One `quill` user: a data directory and a config directory of their own."""

    def __init__(self, index, binary, root):
        self.index = index
        self.binary = binary
        self.env = dict(os.environ)
        self.env.update({"QUILL_HOME": os.path.join(root, "data"), "XDG_CONFIG_HOME": os.path.join(root, "config")})
        for name in ("QUILL_SERVER", "QUILL_TOKEN", "EDITOR", "VISUAL"):
            self.env.pop(name, None)

    def run(self, *arguments):
        return subprocess.run([self.binary, *arguments], env=self.env, capture_output=True, text=True,
                              stdin=subprocess.DEVNULL, timeout=COMMAND_TIMEOUT)

    def succeed(self, *arguments):
        result = self.run(*arguments)
        if result.returncode != 0:
            raise ChaosFailure(f"home {self.index}: quill {' '.join(arguments)} failed ({result.returncode}):\n{result.stderr}")
        return result.stdout

    def start_sync(self):
        return subprocess.Popen([self.binary, "sync"], env=self.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                stdin=subprocess.DEVNULL, text=True)

    def history_bodies(self, note_id):
        """The body of every revision this home keeps of the note, newest first; each revision
        number names one revision (`show --revision N` reaches every one listed)."""
        listed = json.loads(self.succeed("history", note_id, "--json"))
        numbers = [item["revision"] for item in listed]
        if len(set(numbers)) != len(numbers):
            raise ChaosFailure(f"home {self.index}: note {note_id}'s history lists a revision number twice: {numbers}")
        return [json.loads(self.succeed("show", note_id, "--revision", str(item["revision"]), "--json"))["body"]
                for item in listed]

    def notes(self):
        """Every live note, by ID, as `quill show --json` prints it."""
        ids = [item["id"] for item in json.loads(self.succeed("list", "--json"))]
        return dict(zip(ids, in_parallel(lambda id: json.loads(self.succeed("show", id, "--json")), ids)))


def content(note):
    return {"title": note["title"], "body": note["body"], "tags": sorted(note["tags"])}


def summary(content):
    """A note's content in a line: its title, edit tokens and body size."""
    if content is None:
        return "nothing"
    tokens = " ".join(word for word in content["body"].split() if word.startswith("tok"))
    return f"{content['title']!r} [{tokens}] ({len(content['body'])} bytes)"


class Chaos:
    def __init__(self, options, root):
        self.options = options
        self.random = random.Random(options.seed)
        self.root = root
        self.server = Server(options.server, os.path.join(root, "server"), root)
        self.homes = [Home(i, options.quill, os.path.join(root, f"home{i}")) for i in range(3)]
        self.tokens = []          # every edit token written
        self.written = {}         # (home index, note ID) -> the tokens that home wrote into that note
        self.discarded = set()    # tokens in notes deleted on purpose
        self.next_token = 0
        self.sync_seconds = [0.3]  # recent durations of syncs that ran to the end
        self.log = []
        self.stats = {"create": 0, "edit": 0, "delete": 0, "sync": 0, "sync killed": 0,
                      "server killed": 0, "server moved": 0}

    def note(self, text):
        self.log.append(text)
        if self.options.verbose:
            print(text, flush=True)

    def token(self):
        self.next_token += 1
        return f"tok{self.next_token}"

    def login_all(self):
        for home in self.homes:
            home.succeed("login", "--server", self.server.url, "--token", self.account_token)

    def setup(self):
        os.makedirs(self.server.data_dir)
        self.account_token = self.server.create_account("chaos")
        if not self.server.start(0):
            raise ChaosFailure("quill-server did not start")
        self.login_all()

    # Actions

    def body_file(self, body):
        path = os.path.join(self.root, "body.md")
        with open(path, "w") as handle:
            handle.write(body)
        return path

    def create(self, home):
        token = self.token()
        body = token
        if self.random.random() < 0.25:
            # Some notes are large (up to 900 KB of the 1 MiB limit), as real notes with pasted text are.
            body += " " + "filler " * (self.random.randrange(100_000, 900_000) // 7)
        output = home.succeed("add", f"Note {token}", "--file", self.body_file(body))
        self.tokens.append(token)
        self.written.setdefault((home.index, output.strip()), []).append(token)
        self.stats["create"] += 1
        self.note(f"home {home.index}: add {output.strip()} ({token})")

    def pick_live(self, home):
        listing = json.loads(home.succeed("list", "--json"))
        if not listing:
            return None
        return json.loads(home.succeed("show", self.random.choice(listing)["id"], "--json"))

    def edit(self, home):
        note = self.pick_live(home)
        if note is None:
            return self.create(home)
        token = self.token()
        home.succeed("edit", note["id"], "--file", self.body_file((note["body"] + " " + token).strip()))
        self.tokens.append(token)
        self.written.setdefault((home.index, note["id"]), []).append(token)
        self.stats["edit"] += 1
        self.note(f"home {home.index}: edit {note['id']} (+{token})")

    def delete(self, home):
        note = self.pick_live(home)
        if note is None:
            return
        home.succeed("rm", note["id"])
        self.discarded.update(note["body"].split())
        self.stats["delete"] += 1
        self.note(f"home {home.index}: rm {note['id']} ({' '.join(t for t in note['body'].split() if t.startswith('tok'))})")

    def offline_burst(self, home):
        """Several changes in a row before the next sync, as after working offline."""
        for _ in range(self.random.randrange(2, 7)):
            self.random.choice([self.create, self.edit, self.edit])(home)

    def sync(self, home):
        started = time.monotonic()
        result = home.run("sync")
        if result.returncode == 0:
            self.remember_duration(time.monotonic() - started)
            self.stats["sync"] += 1
            self.note(f"home {home.index}: sync: {result.stdout.strip()}")
        else:
            # Nothing is killed while it runs and the server is up: whatever happened before, it must succeed.
            raise ChaosFailure(f"home {home.index}: quill sync failed ({result.returncode}) with the server up:\n"
                               f"{result.stderr}")

    def killed_sync(self, home):
        # Half the kills aim at a sync's last part, where it pushes and records the answer.
        low, high = (0.5, 1.1) if self.random.random() < 0.5 else (0, 1.5)
        delay = self.random.uniform(low * self.typical_sync(), high * self.typical_sync())
        process = home.start_sync()
        time.sleep(delay)
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            self.stats["sync killed"] += 1
            self.note(f"home {home.index}: sync SIGKILLed after {delay * 1000:.0f} ms")
        process.communicate(timeout=COMMAND_TIMEOUT)
        if self.random.random() < 0.5:
            # What a user does next: edit something, then sync again (issue 14's blocked sync).
            self.random.choice([self.create, self.edit])(home)
            self.sync(home)

    def server_kill(self, home):
        """Kills the server, maybe while a sync runs, and brings it back on the same port or a new one."""
        process = home.start_sync() if self.random.random() < 0.7 else None
        time.sleep(self.random.uniform(0, 1.5 * self.typical_sync()))
        self.server.kill()
        self.stats["server killed"] += 1
        old_port = self.server.port
        moved = self.random.random() < 0.2 or not self.server.start(old_port)
        if moved:
            if not self.server.start(0):
                raise ChaosFailure("quill-server did not restart")
            self.stats["server moved"] += 1
        if process is not None:
            output, errors = process.communicate(timeout=COMMAND_TIMEOUT)
            self.note(f"home {home.index}: sync during server kill: exit {process.returncode} {errors.strip()}")
        if moved:
            self.login_all()
        self.note(f"server SIGKILLed; back on port {self.server.port}" + (" (moved; every home logged in again)" if moved else ""))

    def remember_duration(self, seconds):
        self.sync_seconds = (self.sync_seconds + [seconds])[-20:]

    def typical_sync(self):
        return sum(self.sync_seconds) / len(self.sync_seconds)

    # The run

    def run(self):
        self.setup()
        deadline = time.monotonic() + self.options.time_limit if self.options.time_limit else None
        actions = [(self.create, 16), (self.edit, 24), (self.delete, 6), (self.offline_burst, 6), (self.sync, 18),
                   (self.killed_sync, 26), (self.server_kill, 4)]
        rounds = 0
        for rounds in range(1, self.options.rounds + 1):
            home = self.random.choice(self.homes)
            action = self.random.choices([a for a, _ in actions], weights=[w for _, w in actions])[0]
            action(home)
            if deadline is not None and time.monotonic() > deadline:
                break
        self.first_pull_killed()
        self.quiet_phase()
        self.check()
        return rounds

    def first_pull_killed(self):
        """A new home's first pull of a larger account (a page of new notes is created in place,
        behind an undo log), SIGKILLed at random moments, then let finish: it must hold exactly
        what the pushing home holds. An account of its own, so the main check stays small."""
        token = self.server.create_account("chaos-bulk")
        folder = os.path.join(self.root, "bulk-folder")
        os.makedirs(folder)
        for number in range(BULK_NOTES):
            with open(os.path.join(folder, f"bulk {number:05}.md"), "w") as handle:
                handle.write(f"# Bulk {number}\n\n" + " ".join(self.random.choice(BULK_WORDS) for _ in range(40)) + "\n")
        pusher, timer, puller = (Home(f"bulk-{name}", self.options.quill, os.path.join(self.root, f"bulk-{name}"))
                                 for name in ("push", "timer", "pull"))
        for home in (pusher, timer, puller):
            home.succeed("login", "--server", self.server.url, "--token", token)
        pusher.succeed("import", folder)
        pusher.succeed("sync")
        # A pull nothing interrupts says how long one takes here, so that the kills land within one.
        started = time.monotonic()
        timer.succeed("sync")
        pull_seconds = time.monotonic() - started
        kills = 0
        for _ in range(BULK_PULL_KILLS):
            process = puller.start_sync()
            delay = self.random.uniform(0.02, 0.6 * pull_seconds)
            time.sleep(delay)
            if process.poll() is not None:
                process.communicate(timeout=COMMAND_TIMEOUT)
                break
            process.send_signal(signal.SIGKILL)
            process.communicate(timeout=COMMAND_TIMEOUT)
            kills += 1
            interrupted = os.path.exists(os.path.join(puller.env["QUILL_HOME"], "txn", "BULK"))
            self.note(f"bulk home: first pull SIGKILLed after {delay * 1000:.0f} ms"
                      + (", a page's undo log left" if interrupted else ""))
        puller.succeed("sync")
        listed = lambda home: {item["id"]: item["title"] for item in json.loads(home.succeed("list", "--json", "--limit", str(2 * BULK_NOTES)))}
        pushed, pulled = listed(pusher), listed(puller)
        if pulled != pushed:
            raise ChaosFailure(f"the bulk home pulled {len(pulled)} notes of {len(pushed)}: "
                               f"{len(set(pushed) - set(pulled))} missing, {len(set(pulled) - set(pushed))} unknown")
        for note_id in self.random.sample(sorted(pushed), 10):
            if content(json.loads(puller.succeed("show", note_id, "--json"))) != content(json.loads(pusher.succeed("show", note_id, "--json"))):
                raise ChaosFailure(f"the bulk home's note {note_id} differs from the pushing home's")
        self.stats["first pull killed"] = kills
        self.note(f"bulk home: first pull of {len(pushed)} notes, SIGKILLed {kills} time{'' if kills == 1 else 's'}, whole")

    def quiet_phase(self):
        self.note("quiet phase: every home syncs, twice around, nothing killed")
        for _ in range(2):
            for home in self.homes:
                result = home.run("sync")
                if result.returncode != 0:
                    raise ChaosFailure(f"home {home.index}: quill sync failed in the quiet phase "
                                       f"({result.returncode}):\n{result.stderr}")
                self.note(f"home {home.index}: sync: {result.stdout.strip()}")

    def check_history(self):
        """Every token in some revision of the server's history (unless deleted on purpose), and
        in the writing home's own history of the note it wrote it into."""
        problems = []
        kept = set()
        for note_id in self.server.notes(self.account_token):
            for body in self.server.history_bodies(self.account_token, note_id):
                kept.update(body.split())
        lost = [token for token in self.tokens if token not in kept and token not in self.discarded]
        if lost:
            problems.append(f"edits in no revision of the server's history: {lost}")
        written = sorted(self.written.items())
        bodies = in_parallel(lambda item: self.homes[item[0][0]].history_bodies(item[0][1]), written)
        for ((index, note_id), tokens), note_bodies in zip(written, bodies):
            held = set()
            for body in note_bodies:
                held.update(body.split())
            absent = [token for token in tokens if token not in held]
            if absent:
                problems.append(f"home {index}: note {note_id}'s history lacks {absent}")
        revisions = len(kept)
        self.note(f"history: every token kept ({len(self.written)} notes checked in the homes' histories, "
                  f"{revisions} distinct words in the server's)")
        return problems

    def check(self):
        server = {id: note for id, note in self.server.notes(self.account_token).items() if not note["deleted"]}
        expected = {id: content(note) for id, note in server.items()}
        problems = []
        for home in self.homes:
            held = {id: content(note) for id, note in home.notes().items()}
            for id in sorted(set(held) | set(expected)):
                if held.get(id) != expected.get(id):
                    problems.append(f"home {home.index}, note {id}: home has {summary(held.get(id))}, "
                                    f"server has {summary(expected.get(id))}")
        present = set()
        for note in server.values():
            present.update(note["body"].split())
        missing = [token for token in self.tokens if token not in present and token not in self.discarded]
        if missing:
            problems.append(f"edits missing everywhere (not deleted on purpose): {missing}")
        problems += self.check_history()
        if problems:
            raise ChaosFailure("\n".join(problems[:40]))
        copies = sum(1 for note in server.values() if "(conflict from server " in note["title"])
        self.note(f"converged: {len(server)} live notes ({copies} conflict copies), {len(self.tokens)} edits, "
                  f"{len(self.discarded & set(self.tokens))} deleted on purpose")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quill", required=True, help="the quill binary")
    parser.add_argument("--server", required=True, help="the quill-server binary")
    parser.add_argument("--rounds", type=int, default=200, help="random actions before the quiet phase (default 200)")
    parser.add_argument("--seed", type=int, default=None, help="the seed of the random choices (default: a random one)")
    parser.add_argument("--time-limit", type=float, default=None,
                        help="stop the random actions after this many seconds, even before --rounds")
    parser.add_argument("--keep", action="store_true", help="keep the temporary directory")
    parser.add_argument("--verbose", action="store_true", help="print every action as it happens")
    options = parser.parse_args()
    if options.seed is None:
        options.seed = random.SystemRandom().randrange(1 << 32)
    print(f"chaos: seed {options.seed}, up to {options.rounds} rounds"
          + (f" or {options.time_limit:.0f} s" if options.time_limit else ""), flush=True)

    root = tempfile.mkdtemp(prefix="quill-chaos-")
    chaos = Chaos(options, root)
    started = time.monotonic()
    try:
        rounds = chaos.run()
    except (ChaosFailure, subprocess.TimeoutExpired) as failure:
        if not options.verbose:
            print("\n".join(chaos.log[-60:]), file=sys.stderr)
        print(f"chaos: FAILED with seed {options.seed}: {failure}", file=sys.stderr)
        print(f"chaos: reproduce with Tools/chaos.sh --seed {options.seed} --rounds {options.rounds}; "
              f"files kept in {root}", file=sys.stderr)
        chaos.server.kill()
        return 1
    finally:
        chaos.server.kill()
    print(f"chaos: {chaos.log[-1]}")
    print(f"chaos: passed, seed {options.seed}, {rounds} rounds in {time.monotonic() - started:.0f} s: "
          + ", ".join(f"{name} {count}" for name, count in chaos.stats.items()))
    if not options.keep:
        shutil.rmtree(root, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
