#!/usr/bin/env python3
"""Attachment benchmarks (docs/attachments.md), release builds, a real `quill-server` (SQLite) and
`quill` homes in an existing directory (TMPDIR), with the outside references in the same run:

1. One big attachment (BIG_MIB, default 1024): `quill sync` sending it from the home that attached
   it, then fetching it into a second home, against `curl` uploading it to nginx (WebDAV PUT) and
   downloading it back; each side's peak resident memory above its idle (the server: its anonymous
   memory, sampled, against a fresh process's idle, and all its resident memory, which counts its
   page caches of the database file too; `quill`: its peak, against a sync with nothing to move).
   Target: at least 50% of curl's speed each way; at most 32 MiB added to each process's peak.
   Three rounds, each with curl beside it: medians of the times, the largest peaks.
   Beside it, the SHA-256 of the file alone: the side that receives checks every byte, curl none.
   Then the same with HUGE_MIB (default 4096; 0 skips it), for memory only: a file four times as
   large must not raise either peak (within 2 MiB of the big one's, which is measurement noise).
2. SMALL_COUNT (default 10,000) small attachments of 4-64 KiB: `quill sync` sending them, then
   fetching them (median of 3 rounds, each on a new server), against `rsync -a` of the same
   files (median of 3). Target: at most 3x rsync.
3. An Obsidian-shaped vault (VAULT_NOTES notes, default 2,000, embedding `![[image-N.png]]` of
   VAULT_IMAGES images of 20-300 KiB, default 1,000): `quill import` of the folder into a new
   home against `tar -xzf` of the vault's tarball into a new folder, three interleaved runs
   each, medians. Target: within 20% of tar.

Usage: attachments_bench.py BIN_DIR   (normally through Tools/benchmarks/attachments.sh)
Writes the "Attachments" section of docs/performance.md.
"""
import hashlib, json, os, random, shutil, socket, statistics, subprocess, sys, tempfile, time

import performance_section
from sync import Home, Server, rsync_seconds, single_peak_sync

BIG_MIB = int(os.environ.get("BIG_MIB", "1024"))
HUGE_MIB = int(os.environ.get("HUGE_MIB", "4096"))
VAULT_NOTES = int(os.environ.get("VAULT_NOTES", "2000"))
VAULT_IMAGES = int(os.environ.get("VAULT_IMAGES", "1000"))
VAULT_RUNS = 3
BIG_ROUNDS = 3
SMALL_COUNT = int(os.environ.get("SMALL_COUNT", "10000"))
SMALL_RUNS = 3


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Nginx:
    """nginx serving a folder over HTTP, with WebDAV's PUT: curl's reference for a transfer."""

    def __init__(self, work):
        self.root = os.path.join(work, "nginx")
        os.makedirs(os.path.join(self.root, "www"), exist_ok=True)
        os.makedirs(os.path.join(self.root, "body"), exist_ok=True)
        self.port = free_port()
        config = os.path.join(self.root, "nginx.conf")
        with open(config, "w") as out:
            out.write("daemon off; worker_processes 1; user root; pid %s/nginx.pid; error_log %s/error.log;\n"
                      "events {}\n"
                      "http { access_log off; client_max_body_size 0; client_body_temp_path %s/body;\n"
                      "  server { listen 127.0.0.1:%d; root %s/www; location / { dav_methods PUT; } } }\n"
                      % (self.root, self.root, self.root, self.port, self.root))
        self.process = subprocess.Popen(["nginx", "-c", config, "-p", self.root], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        sys.exit("nginx did not start")

    def curl_seconds(self, path, download_to):
        begin = time.perf_counter()
        subprocess.run(["curl", "-sS", "-f", "-T", path, "http://127.0.0.1:%d/big" % self.port], check=True)
        up = time.perf_counter() - begin
        begin = time.perf_counter()
        subprocess.run(["curl", "-sS", "-f", "-o", download_to, "http://127.0.0.1:%d/big" % self.port], check=True)
        down = time.perf_counter() - begin
        os.remove(download_to)
        os.remove(os.path.join(self.root, "www", "big"))
        return up, down

    def stop(self):
        self.process.terminate()
        self.process.wait()


def write_random(path, size):
    with open(path, "wb") as out:
        left = size
        while left > 0:
            piece = min(left, 8 << 20)
            out.write(os.urandom(piece))
            left -= piece


def big(bin_dir, work, mib, rounds=1, references=True):
    """One attachment of `mib` MiB sent and fetched by `quill sync`, `rounds` times (each on a new
    server, between new homes), with curl's upload and download of it in each round and the
    SHA-256 floor beside it when `references`; medians of the times, the largest memory peaks.
    Its files are removed afterwards."""
    path = os.path.join(work, "big.bin")
    write_random(path, mib << 20)
    measured = []
    nginx = Nginx(work) if references else None
    try:
        for run in range(rounds):
            measured.append(big_round(bin_dir, work, mib, path, run, nginx))
    finally:
        if nginx:
            nginx.stop()
        for leftover in ("big.bin", "curl-copy.bin", "nginx"):
            target = os.path.join(work, leftover)
            shutil.rmtree(target, ignore_errors=True) if os.path.isdir(target) else os.path.exists(target) and os.remove(target)
    result = {key: (max if "peak" in key else statistics.median)([m[key] for m in measured]) for key in measured[0] if measured[0][key] is not None}
    result.update(ups=[m["up"] for m in measured], downs=[m["down"] for m in measured],
                  server_downs=[m["server_down"] for m in measured], down_peaks=[m["down_peak"] for m in measured])
    if references:
        result.update(curl_ups=[m["curl_up"] for m in measured], curl_downs=[m["curl_down"] for m in measured])
    return result


def big_round(bin_dir, work, mib, path, run, nginx):
    curl_up = curl_down = sha256 = None
    if nginx:
        curl_up, curl_down = nginx.curl_seconds(path, os.path.join(work, "curl-copy.bin"))
        # The receiving side checks every byte against the SHA-256 (curl checks nothing): hashing
        # the file alone, with OpenSSL through Python's hashlib, is the floor of a checked transfer.
        started = time.monotonic()
        digest = hashlib.sha256()
        with open(path, "rb") as handle:
            for piece in iter(lambda: handle.read(4 << 20), b""):
                digest.update(piece)
        sha256 = time.monotonic() - started
    names = ["big-server-%d" % run, "big-sender-%d" % run, "big-receiver-%d" % run]
    server = Server(bin_dir, os.path.join(work, names[0]))
    server.storage += ["--max-attachment-size", "%dM" % (mib + 1)]
    server.start()
    sender = Home(os.path.join(bin_dir, "quill"), os.path.join(work, names[1]), server)
    receiver = Home(os.path.join(bin_dir, "quill"), os.path.join(work, names[2]), server)
    try:
        _, note = sender.run(["add", "Recording", "--body", "The whole meeting."])
        sender.run(["attach", note.split()[0], path])
        _, idle_quill = single_peak_sync(receiver, "pulled 0")
        server.sample_anonymous()
        up, up_peak = single_peak_sync(sender, "pulled 0, pushed 1, conflicts 0; attachments sent 1")
        server_up, server_up_all = server.anonymous_peak_mib(), server.peak_above_idle_mib()
        server.stop()
        server.start()
        server.sample_anonymous()
        down, down_peak = single_peak_sync(receiver, "pulled 1, pushed 0, conflicts 0; attachments sent 0, fetched 1")
        server_down, server_down_all = server.anonymous_peak_mib(), server.peak_above_idle_mib()
    finally:
        server.stop()
        for name in names:
            shutil.rmtree(os.path.join(work, name), ignore_errors=True)
    return dict(curl_up=curl_up, curl_down=curl_down, sha256=sha256, up=up, down=down, up_peak=up_peak - idle_quill,
                down_peak=down_peak - idle_quill, server_up=server_up, server_down=server_down,
                server_up_all=server_up_all, server_down_all=server_down_all)


def small(bin_dir, work, rng):
    """The sync of SMALL_COUNT small attachments, each way, median of SMALL_RUNS rounds (each on a
    new server, from a copy of one home that attached them), beside rsync (median of 3)."""
    folder = os.path.join(work, "small")
    os.makedirs(folder)
    for index in range(SMALL_COUNT):
        with open(os.path.join(folder, "file-%05d.bin" % index), "wb") as out:
            out.write(os.urandom(rng.randint(4 << 10, 64 << 10)))
    reference = rsync_seconds(folder, work)
    quill = os.path.join(bin_dir, "quill")
    names = sorted(os.listdir(folder))
    notes = (len(names) + 499) // 500
    ups, downs = [], []
    for run in range(SMALL_RUNS):
        server = Server(bin_dir, os.path.join(work, "small-server-%d" % run))
        server.start()
        try:
            root = os.path.join(work, "small-sender-%d" % run)
            if run == 0:
                sender = Home(quill, root, server)
                for start in range(0, len(names), 500):
                    _, note = sender.run(["add", "Files %d" % start])
                    sender.run(["attach", note.split()[0]] + [os.path.join(folder, name) for name in names[start:start + 500]])
                shutil.copytree(root, os.path.join(work, "small-attached"), symlinks=True)
            else:
                shutil.copytree(os.path.join(work, "small-attached"), root, symlinks=True)
                sender = Home(quill, root, server)
            receiver = Home(quill, os.path.join(work, "small-receiver-%d" % run), server)
            ups.append(single_peak_sync(sender, "pulled 0, pushed %d, conflicts 0; attachments sent %d" % (notes, len(names)))[0])
            downs.append(single_peak_sync(receiver, "pulled %d, pushed 0, conflicts 0; attachments sent 0, fetched %d" % (notes, len(names)))[0])
        finally:
            server.stop()
        for path in (root, receiver.root, server.work):
            shutil.rmtree(path, ignore_errors=True)
    return dict(rsync=reference, up=statistics.median(ups), down=statistics.median(downs), ups=ups, downs=downs,
                megabytes=sum(os.path.getsize(os.path.join(folder, n)) for n in names) / 1e6)


def vault(bin_dir, work, rng):
    """`quill import` of an Obsidian-shaped vault folder against `tar -xzf` of its tarball, each
    into a new place, interleaved, medians of VAULT_RUNS."""
    root = os.path.join(work, "vault")
    os.makedirs(os.path.join(root, "notes"))
    os.makedirs(os.path.join(root, "assets"))
    for index in range(VAULT_IMAGES):
        with open(os.path.join(root, "assets", "image-%04d.png" % index), "wb") as out:
            out.write(b"\x89PNG\r\n\x1a\n" + os.urandom(rng.randint(20 << 10, 300 << 10)))
    words = "the quick brown fox jumps over a lazy dog while notes keep their pictures".split()
    for index in range(VAULT_NOTES):
        body = "# Note %d\n\n%s.\n\n" % (index, " ".join(rng.choice(words) for _ in range(rng.randint(100, 600))))
        body += "".join("![[image-%04d.png]]\n" % rng.randrange(VAULT_IMAGES) for _ in range(rng.randint(0, 2)))
        with open(os.path.join(root, "notes", "note-%04d.md" % index), "w") as out:
            out.write(body)
    tarball = os.path.join(work, "vault.tar.gz")
    subprocess.run(["tar", "-czf", tarball, "-C", work, "vault"], check=True)
    quill = os.path.join(bin_dir, "quill")
    tars, imports = [], []
    for run in range(VAULT_RUNS):
        target = os.path.join(work, "vault-tar-%d" % run)
        os.makedirs(target)
        begin = time.perf_counter()
        subprocess.run(["tar", "-xzf", tarball, "-C", target], check=True)
        tars.append(time.perf_counter() - begin)
        home = os.path.join(work, "vault-home-%d" % run)
        environment = dict(os.environ, QUILL_HOME=os.path.join(home, "data"), XDG_CONFIG_HOME=os.path.join(home, "config"))
        begin = time.perf_counter()
        done = subprocess.run([quill, "import", root], env=environment, capture_output=True, text=True)
        imports.append(time.perf_counter() - begin)
        if done.returncode != 0:
            raise SystemExit("quill import of the vault failed: %s" % done.stderr)
        listed = subprocess.run([quill, "attachments", "--json"], env=environment, capture_output=True, text=True, check=True)
        kept = len(json.loads(listed.stdout))
        for path in (target, home):
            shutil.rmtree(path, ignore_errors=True)
    megabytes = sum(os.path.getsize(os.path.join(folder, name)) for folder, _, names in os.walk(root) for name in names) / 1e6
    return dict(tar=statistics.median(tars), quill=statistics.median(imports), tars=tars, imports=imports, kept=kept,
                megabytes=megabytes)


def main():
    bin_dir = sys.argv[1]
    rng = random.Random(int(os.environ.get("SEED", "20261127")))
    work = tempfile.mkdtemp(prefix="quill-attachments-bench-")
    try:
        b = big(bin_dir, work, BIG_MIB, rounds=BIG_ROUNDS)
        h = big(bin_dir, work, HUGE_MIB, references=False) if HUGE_MIB else None
        s = small(bin_dir, work, rng)
        v = vault(bin_dir, work, rng)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    mib = BIG_MIB

    def verdict(ok):
        return "met" if ok else "**not met**"

    def listed(values):
        return ", ".join("%.1f" % value for value in values)
    rows = [
        "| one %d MiB attachment sent by `quill sync`, median of %d (runs: %s; curl: %s) | ≥ 50%% of curl's upload to nginx | %.1f s vs curl %.1f s: %.0f%% | %s |"
        % (mib, BIG_ROUNDS, listed(b["ups"]), listed(b["curl_ups"]), b["up"], b["curl_up"], 100 * b["curl_up"] / b["up"],
           verdict(b["curl_up"] / b["up"] >= 0.5)),
        "| the same fetched by `quill sync` in another home (runs: %s; curl: %s) | ≥ 50%% of curl's download | %.1f s vs curl %.1f s: %.0f%% | %s |"
        % (listed(b["downs"]), listed(b["curl_downs"]), b["down"], b["curl_down"], 100 * b["curl_down"] / b["down"],
           verdict(b["curl_down"] / b["down"] >= 0.5)),
        "| … the SHA-256 of that file alone (`hashlib`, OpenSSL), which the receiving side computes: the fastest a checked transfer can be here | — | %.1f s: %.0f%% of curl's upload, %.0f%% of its download | |"
        % (b["sha256"], 100 * b["curl_up"] / b["sha256"], 100 * b["curl_down"] / b["sha256"]),
        "| memory added while sending: `quill` peak; `quill-server` anonymous peak above idle (all resident, the database's page caches included) | ≤ 32 MiB each | %.0f MiB; %.0f MiB (%.0f MiB) | %s |"
        % (b["up_peak"], b["server_up"], b["server_up_all"], verdict(max(b["up_peak"], b["server_up"]) <= 32)),
        "| memory added while fetching: the same (the server's in each round: %s MiB) | ≤ 32 MiB each | %.0f MiB; %.0f MiB (%.0f MiB) | %s |"
        % (listed(b["server_downs"]), b["down_peak"], b["server_down"], b["server_down_all"], verdict(max(b["down_peak"], b["server_down"]) <= 32)),
    ]
    if h:
        rows += [
            "| memory added by a %d MiB attachment, sending: `quill`; `quill-server` (anonymous) | no higher than the %d MiB one's (within 2 MiB) | %.1f MiB; %.1f MiB (%.0f s) | %s |"
            % (HUGE_MIB, mib, h["up_peak"], h["server_up"], h["up"], verdict(h["up_peak"] <= b["up_peak"] + 2 and h["server_up"] <= b["server_up"] + 2)),
            "| … fetching: the same | no higher than the %d MiB one's (within 2 MiB) | %.1f MiB; %.1f MiB (%.0f s) | %s |"
            % (mib, h["down_peak"], h["server_down"], h["down"], verdict(h["down_peak"] <= b["down_peak"] + 2 and h["server_down"] <= b["server_down"] + 2)),
        ]
    rows += [
        "| %d attachments of 4-64 KiB (%.0f MB) sent by `quill sync`, median of %d (rsync: median of 3) | ≤ 3× `rsync -a` | %.1f s (%s) vs rsync %.2f s: %.1f× | %s |"
        % (SMALL_COUNT, s["megabytes"], SMALL_RUNS, s["up"], listed(s["ups"]), s["rsync"], s["up"] / s["rsync"], verdict(s["up"] / s["rsync"] <= 3)),
        "| the same fetched by `quill sync` in another home | ≤ 3× `rsync -a` | %.1f s (%s): %.1f× | %s |"
        % (s["down"], listed(s["downs"]), s["down"] / s["rsync"], verdict(s["down"] / s["rsync"] <= 3)),
        "| `quill import` of a vault folder: %d notes embedding %d of %d images (%.0f MB), median of %d (runs: %s) | within 20%% of `tar -xzf` of its tarball (runs: %s) | %.2f s vs %.2f s: %.2f× | %s |"
        % (VAULT_NOTES, v["kept"], VAULT_IMAGES, v["megabytes"], VAULT_RUNS, listed(v["imports"]), listed(v["tars"]), v["quill"], v["tar"],
           v["quill"] / v["tar"], verdict(v["quill"] <= 1.2 * v["tar"])),
    ]
    load = " ".join("%.2f" % value for value in os.getloadavg())
    text = ("Measured %s on this machine (%d cores; load average %s at the end) by `Tools/benchmarks/attachments.sh`, "
            "release builds, SQLite server on loopback, in `%s`.\n\n| measurement | target | result | |\n|---|---|---|---|\n"
            % (time.strftime("%Y-%m-%d"), os.cpu_count(), load, tempfile.gettempdir())) + "\n".join(rows) + "\n"
    print(text)
    performance_section.replace("attachments", "Attachments (`Tools/benchmarks/attachments.sh`)", text)


if __name__ == "__main__":
    main()
