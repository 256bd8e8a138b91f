#!/usr/bin/env python3
"""`quill` on a disk that fills up, with the real binaries: a home on a small tmpfs.

1. A home pulls 2,500 notes (about 8 MB) into 6 MiB: `quill sync` fails with the full disk named
   and a hint about space (not about QUILL_HOME), and the home stays whole: `list` and `show` work,
   every note listed is the server's, and no undo log or staged document is left behind.
2. The disk grows (the tmpfs remounted at 64 MiB) and `quill sync` again finishes the pull: the
   home holds exactly the pushing home's notes.
3. With the disk filled to the last byte by another file, `quill add` fails the same way and
   adds nothing; with the file gone it succeeds.
4. The server's disk fills: a second `quill-server`, its data directory on a tmpfs of 4 MiB, is
   pushed the same 2,500 notes. `quill sync` stops at once (not retrying) with the server's full
   disk named and a hint that nothing was lost, while the server goes on answering; the disk
   grows and the next `quill sync`, against the same server process, pushes the rest: a new home
   pulls exactly the pushing home's notes.
5. The server's disk fills again, to within 512 KiB: a note gets an attachment of 2 MiB and
   `quill sync` pushes the note and says the attachment waits for room on the server; with room,
   the next sync sends it (resuming the upload where the disk stopped it), and another home
   fetches it byte for byte.
6. With PostgreSQL installed: a server over a PostgreSQL whose data directory is on a tmpfs of
   64 MiB (its WAL elsewhere, `Tools/with-postgres.sh --data-on`), filled to within 1 MiB, is
   pushed 2,500 notes: `quill sync` stops with the server's full disk named (PostgreSQL's
   `disk_full`), and with room the same server process takes them all.

Needs root (to mount the tmpfs); elsewhere it says so and passes.

    Tools/full_disk_test.py --quill .build/debug/quill --server .build/debug/quill-server
"""

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

NOTES = 2500
SMALL_DISK = "6m"
LARGE_DISK = "64m"
SERVER_DISK = "4m"
POSTGRES_DISK = "64m"
TIMEOUT = 120
WORDS = ["garden", "river", "lamp", "stone", "paper", "cloud", "東京", "서울", "القاهرة", "🌿", "ρυθμίσεις"]
HINT = "free some space on that disk, then run the command again; nothing was half written"
SERVER_FULL = "the sync server's disk is full"
SERVER_HINT = "nothing was lost: your changes stay here, pending"
SERVER_SPARE = 512 << 10
ATTACHMENT_BYTES = 2 << 20
ATTACHMENT_WAITS = "note: the sync server's disk is full: 1 attachment waits here until its administrator frees space on it"


class Failure(Exception):
    pass


def run(binary, arguments, env, expect_success=True):
    result = subprocess.run([binary, *arguments], env=env, capture_output=True, text=True,
                            stdin=subprocess.DEVNULL, timeout=TIMEOUT)
    if expect_success and result.returncode != 0:
        raise Failure(f"{os.path.basename(binary)} {' '.join(arguments)} failed ({result.returncode}):\n{result.stderr}")
    return result


def home_env(root, data):
    env = dict(os.environ)
    env.update({"QUILL_HOME": data, "XDG_CONFIG_HOME": os.path.join(root, "config")})
    for name in ("QUILL_SERVER", "QUILL_TOKEN", "EDITOR", "VISUAL"):
        env.pop(name, None)
    return env


def listed(quill, env):
    return {item["id"]: item["title"] for item in json.loads(run(quill, ["list", "--json", "--limit", str(2 * NOTES)], env).stdout)}


def expect_full_disk(result, what):
    if result.returncode == 0:
        raise Failure(f"{what} succeeded on a full disk")
    if "no space left on device" not in result.stderr or f"hint: {HINT}" not in result.stderr:
        raise Failure(f"{what} on a full disk said:\n{result.stderr}")


def leftovers(data):
    transactions = os.path.join(data, "txn")
    return sorted(os.listdir(transactions)) if os.path.isdir(transactions) else []


def fill(path, leave=0):
    """Fills the disk of `path` with one file until `leave` bytes are free (none: to the last byte)."""
    free = lambda: free_bytes(os.path.dirname(path))
    chunk = b"\0" * (1 << 16)
    with open(path, "wb") as handle:
        try:
            while free() > leave:
                handle.write(chunk[:max(4096, min(len(chunk), free() - leave))])
                handle.flush()
        except OSError:
            if leave:
                raise


def free_bytes(directory):
    status = os.statvfs(directory)
    return status.f_bavail * status.f_frsize


def start_server(binary, data_dir, log_path, database=None):
    """A `quill-server` over `data_dir` (and PostgreSQL at `database`) with one account: (process, URL, token)."""
    storage = ["--data-dir", data_dir] + (["--database", database] if database else [])
    token = run(binary, ["account", "create", "full-disk", *storage], dict(os.environ)).stdout.strip()
    log = open(log_path, "w+")
    process = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", "0", *storage],
                               stdout=subprocess.DEVNULL, stderr=log)
    for _ in range(400):
        log.seek(0)
        match = re.search(r"listening on (http://127\.0\.0\.1:\d+)", log.read())
        if match:
            return process, match.group(1), token
        time.sleep(0.05)
    process.kill()
    raise Failure("quill-server did not start")


def expect_rest_taken(options, server, url, token, writer, reader_root, written, disk):
    """Once `disk` has room: the next sync pushes the rest to the same server process, and a new
    home (returned) pulls exactly the pushing home's notes."""
    run(options.quill, ["sync"], writer)
    reader = home_env(reader_root, os.path.join(reader_root, "data"))
    run(options.quill, ["login", "--server", url, "--token", token], reader)
    run(options.quill, ["sync"], reader)
    if server.poll() is not None:
        raise Failure(f"the server exited when {disk} filled")
    if listed(options.quill, reader) != written:
        raise Failure(f"after {disk} had room, the server did not hold exactly the pushing home's notes")
    return reader


def write_folder(folder, rng):
    """NOTES plain notes of about 3 KB in `folder`, their words from WORDS."""
    os.makedirs(folder)
    for number in range(NOTES):
        with open(os.path.join(folder, f"note {number:05}.md"), "w") as handle:
            handle.write(f"# Note {number}\n\n" + " ".join(rng.choice(WORDS) for _ in range(400)) + "\n")


def postgres_phase(options, disk, root, rng):
    """6. Runs under `Tools/with-postgres.sh --data-on DISK`: PostgreSQL's data directory on the small
    disk DISK (its WAL elsewhere, as a separate WAL volume has it), filled to within 1 MiB."""
    database = os.environ["QUILL_TEST_POSTGRES_URL"]
    server, url, token = start_server(options.server, os.path.join(root, "pg-server"), os.path.join(root, "pg-server.log"), database)
    try:
        folder = os.path.join(root, "pg-folder")
        write_folder(folder, rng)
        writer = home_env(os.path.join(root, "pg-writer"), os.path.join(root, "pg-writer", "data"))
        run(options.quill, ["login", "--server", url, "--token", token], writer)
        run(options.quill, ["import", folder], writer)
        written = listed(options.quill, writer)
        filler = os.path.join(disk, "filler")
        fill(filler, leave=1 << 20)
        refused = run(options.quill, ["sync"], writer, expect_success=False)
        if refused.returncode == 0 or SERVER_FULL not in refused.stderr or f"hint: {SERVER_HINT}" not in refused.stderr:
            raise Failure(f"a push to a server whose PostgreSQL's disk is full said ({refused.returncode}):\n{refused.stdout}{refused.stderr}")
        print("full-disk: quill said: " + refused.stderr.strip().replace("\n", " / "))
        os.remove(filler)
        expect_rest_taken(options, server, url, token, writer, os.path.join(root, "pg-reader"), written, "PostgreSQL's disk")
        print(f"full-disk: a push to a server whose PostgreSQL's data disk was full stopped with the full disk named; "
              f"with room the same server process took all {NOTES} notes, as written")
    finally:
        server.kill()
        server.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quill", required=True)
    parser.add_argument("--server", required=True)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--postgres-disk", help="run only the PostgreSQL phase, its data directory on this disk "
                        "(how the test runs itself under Tools/with-postgres.sh --data-on)")
    options = parser.parse_args()
    seed = options.seed if options.seed is not None else random.SystemRandom().randrange(1 << 32)
    rng = random.Random(seed)
    if options.postgres_disk:
        root = tempfile.mkdtemp(prefix="quill-full-disk-pg-")
        try:
            postgres_phase(options, options.postgres_disk, root, rng)
        except (Failure, subprocess.TimeoutExpired, subprocess.CalledProcessError) as failure:
            print(f"full-disk: FAILED with seed {seed}: {failure}", file=sys.stderr)
            return 1
        finally:
            shutil.rmtree(root, ignore_errors=True)
        return 0
    print(f"full-disk: seed {seed}", flush=True)
    if os.geteuid() != 0:
        print("full-disk: skipped, mounting a small tmpfs needs root")
        return 0

    root = tempfile.mkdtemp(prefix="quill-full-disk-")
    disk = os.path.join(root, "disk")
    os.makedirs(disk)
    servers = []
    mounts = []
    try:
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={SMALL_DISK}", "tmpfs", disk], check=True)
        mounts.append(disk)

        server_process, url, token = start_server(options.server, os.path.join(root, "server"), os.path.join(root, "server.log"))
        servers.append(server_process)

        folder = os.path.join(root, "folder")
        write_folder(folder, rng)
        pusher = home_env(os.path.join(root, "pusher"), os.path.join(root, "pusher", "data"))
        run(options.quill, ["login", "--server", url, "--token", token], pusher)
        run(options.quill, ["import", folder], pusher)
        run(options.quill, ["sync"], pusher)
        pushed = listed(options.quill, pusher)

        data = os.path.join(disk, "quill")
        puller = home_env(os.path.join(root, "puller"), data)
        run(options.quill, ["login", "--server", url, "--token", token], puller)
        expect_full_disk(run(options.quill, ["sync"], puller, expect_success=False), "a pull")
        held = listed(options.quill, puller)
        if not held or len(held) >= NOTES:
            raise Failure(f"the full disk held {len(held)} notes of {NOTES}: the test did not fill it part way")
        if any(pushed.get(id) != title for id, title in held.items()):
            raise Failure("a note the full home lists is not the server's")
        for note_id in rng.sample(sorted(held), min(5, len(held))):
            run(options.quill, ["show", note_id], puller)
        if leftovers(data):
            raise Failure(f"the failed pull left {leftovers(data)} in txn/")
        print(f"full-disk: a pull into {SMALL_DISK} stopped at {len(held)} of {NOTES} notes, with the full disk named; the home is whole")

        subprocess.run(["mount", "-o", f"remount,size={LARGE_DISK}", disk], check=True)
        run(options.quill, ["sync"], puller)
        if listed(options.quill, puller) != pushed:
            raise Failure("after the disk grew, the next sync did not bring the home to the pushing home's notes")
        print(f"full-disk: with {LARGE_DISK} the next sync finished the pull: {NOTES} notes, as pushed")

        filler = os.path.join(disk, "filler")
        fill(filler)
        before = listed(options.quill, puller)
        expect_full_disk(run(options.quill, ["add", "On a full disk", "--body", "nothing fits"], puller, expect_success=False), "quill add")
        if listed(options.quill, puller) != before:
            raise Failure("a failed `quill add` changed the listing")
        os.remove(filler)
        run(options.quill, ["add", "After the disk had room", "--body", "it fits"], puller)
        if len(listed(options.quill, puller)) != len(before) + 1:
            raise Failure("`quill add` after the disk had room did not add the note")
        print("full-disk: `quill add` on a full disk failed with the full disk named and added nothing; with room it added the note")

        server_disk = os.path.join(root, "server-disk")
        os.makedirs(server_disk)
        subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={SERVER_DISK}", "tmpfs", server_disk], check=True)
        mounts.append(server_disk)
        full_server, full_url, full_token = start_server(options.server, os.path.join(server_disk, "data"),
                                                         os.path.join(root, "full-server.log"))
        servers.append(full_server)
        writer = home_env(os.path.join(root, "writer"), os.path.join(root, "writer", "data"))
        run(options.quill, ["login", "--server", full_url, "--token", full_token], writer)
        run(options.quill, ["import", folder], writer)
        written = listed(options.quill, writer)
        began = time.monotonic()
        refused = run(options.quill, ["sync"], writer, expect_success=False)
        took = time.monotonic() - began
        if refused.returncode == 0:
            raise Failure(f"a push to a server with a {SERVER_DISK} disk succeeded: the test did not fill it")
        if SERVER_FULL not in refused.stderr or f"hint: {SERVER_HINT}" not in refused.stderr:
            raise Failure(f"a push to a server whose disk is full said:\n{refused.stderr}")
        if took > 30:
            raise Failure(f"the push took {took:.0f} s to report the server's full disk: it was retried")
        print("full-disk: quill said: " + refused.stderr.strip().replace("\n", " / "))
        run(options.quill, ["status"], writer)
        subprocess.run(["mount", "-o", f"remount,size={LARGE_DISK}", server_disk], check=True)
        reader = expect_rest_taken(options, full_server, full_url, full_token, writer, os.path.join(root, "reader"), written,
                                   "the server's disk")
        print(f"full-disk: a push to a server on {SERVER_DISK} stopped in {took:.1f} s with the server's full disk named; "
              f"with {LARGE_DISK} the same server process took the rest: {NOTES} notes, as written")

        # 5. An attachment the server's disk has no room for waits here, and is told as such.
        server_filler = os.path.join(server_disk, "filler")
        fill(server_filler, leave=SERVER_SPARE)
        attachment = os.path.join(root, "scan.bin")
        with open(attachment, "wb") as handle:
            handle.write(rng.randbytes(ATTACHMENT_BYTES))
        attached_to = sorted(written)[rng.randrange(len(written))]
        run(options.quill, ["attach", attached_to, attachment], writer)
        waiting = run(options.quill, ["sync"], writer)
        if ATTACHMENT_WAITS not in waiting.stderr:
            raise Failure(f"a sync whose attachment the server's full disk could not hold said:\n{waiting.stderr}")
        if not waiting.stdout.startswith("pulled 0, pushed 1"):
            raise Failure(f"the note that refers to the attachment was not pushed:\n{waiting.stdout}")
        print("full-disk: quill said: " + (waiting.stdout + waiting.stderr).strip().replace("\n", " / "))
        os.remove(server_filler)
        sent = run(options.quill, ["sync"], writer)
        if "attachments sent 1" not in sent.stdout:
            raise Failure(f"with room on the server's disk, the next sync did not send the attachment:\n{sent.stdout}{sent.stderr}")
        fetched = run(options.quill, ["sync"], reader)
        if "fetched 1" not in fetched.stdout:
            raise Failure(f"a home that pulls the note did not fetch its attachment:\n{fetched.stdout}{fetched.stderr}")
        digest = hashlib.sha256(open(attachment, "rb").read()).hexdigest()
        held = json.loads(run(options.quill, ["attachments", attached_to, "--json"], reader).stdout)
        if digest not in json.dumps(held):
            raise Failure(f"the pulling home's attachments of the note are not the file attached: {held}")
        print(f"full-disk: an attachment of {ATTACHMENT_BYTES >> 20} MiB waited while the server's disk was full, "
              "then went to the server and to another home, byte for byte")

        # 6. PostgreSQL's data disk fills (run under Tools/with-postgres.sh, which starts the cluster on it).
        with_postgres = os.path.join(os.path.dirname(os.path.abspath(__file__)), "with-postgres.sh")
        if subprocess.run([with_postgres, "--available"]).returncode != 0:
            print("full-disk: the PostgreSQL phase skipped, PostgreSQL is not installed")
        else:
            pg_disk = os.path.join(root, "pg-disk")
            os.makedirs(pg_disk)
            os.chmod(root, 0o711)  # PostgreSQL runs as its own user, which must reach its data directory
            subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={POSTGRES_DISK}", "tmpfs", pg_disk], check=True)
            mounts.append(pg_disk)
            phase = subprocess.run([with_postgres, "--data-on", pg_disk, sys.executable, os.path.abspath(__file__),
                                    "--quill", options.quill, "--server", options.server, "--seed", str(rng.randrange(1 << 32)),
                                    "--postgres-disk", pg_disk], capture_output=True, text=True, timeout=TIMEOUT * 2)
            sys.stdout.write(phase.stdout)
            if phase.returncode != 0:
                raise Failure(f"the PostgreSQL phase failed:\n{phase.stderr}")
    except (Failure, subprocess.TimeoutExpired, subprocess.CalledProcessError) as failure:
        print(f"full-disk: FAILED with seed {seed}: {failure}", file=sys.stderr)
        return 1
    finally:
        for process in servers:
            process.kill()
            process.wait()
        for mount in mounts:
            subprocess.run(["umount", mount])
        shutil.rmtree(root, ignore_errors=True)
    print("full-disk: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
