#!/usr/bin/env python3
"""Measures `GET /v1/events` with the release `quill-server` in its default configuration (SQLite,
loopback), clients in this process reading raw sockets:

- latency: 100 streams of one account; CHANGES notes created one at a time with `POST /v1/notes`;
  for each stream and note, the time from the answer to the POST (the change is committed) to the
  note's event arriving on that stream. Target: p99 ≤ 50 ms.
- idle streams: 1,000 streams (10 accounts, 100 each: the per-account limit) held open; the server's
  resident memory above what it held idle. Target: ≤ idle + 64 MiB. And the server's CPU while they
  are held and nothing changes (no target).
- fan-out: one note written in each of the 10 accounts at once; the time until all 1,000 streams
  have their account's event. Target: ≤ 1 s.
- across servers (with QUILL_BENCH_POSTGRES_URL, or QUILL_TEST_POSTGRES_URL as Tools/with-postgres.sh sets it): two servers on one
  PostgreSQL database, 10 streams on one, CHANGES notes written through the other. Target: ≤ 1 s.

Usage: events_bench.py BIN_DIR
"""
import http.client
import json
import os
import selectors
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

import performance_section
from sync import Server, cpu_seconds, vm_kib

CHANGES = int(os.environ.get("CHANGES", "50"))
IDLE_SECONDS = 20


class Stream:
    """One `GET /v1/events` connection, its chunked body decoded, each note event's arrival kept."""

    def __init__(self, port, token):
        self.socket = socket.create_connection(("127.0.0.1", port))
        self.socket.sendall(("GET /v1/events HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer %s\r\n"
                             "Accept: text/event-stream\r\n\r\n" % token).encode())
        self.socket.setblocking(False)
        self.raw = b""
        self.body = b""
        self.headers_done = False
        self.refused = None
        self.arrivals = {}

    def receive(self, now):
        try:
            data = self.socket.recv(65536)
        except BlockingIOError:
            return
        if not data:
            return
        self.raw += data
        if not self.headers_done:
            end = self.raw.find(b"\r\n\r\n")
            if end < 0:
                return
            if not self.raw.startswith(b"HTTP/1.1 200"):
                self.refused = self.raw[:300]
                return
            self.raw = self.raw[end + 4:]
            self.headers_done = True
        while True:
            line_end = self.raw.find(b"\r\n")
            if line_end < 0:
                break
            size = int(self.raw[:line_end].split(b";")[0], 16)
            if len(self.raw) < line_end + 2 + size + 2:
                break
            self.body += self.raw[line_end + 2:line_end + 2 + size]
            self.raw = self.raw[line_end + 2 + size + 2:]
        while b"\n\n" in self.body:
            event, self.body = self.body.split(b"\n\n", 1)
            for line in event.split(b"\n"):
                if line.startswith(b"data: {") and b'"revision"' in line:
                    self.arrivals.setdefault(json.loads(line[6:])["id"], now)

    @property
    def ready(self):
        return self.headers_done


class Readers:
    """Reads every stream on one thread, stamping each event as it arrives."""

    def __init__(self, streams):
        self.streams = streams
        self.selector = selectors.DefaultSelector()
        for stream in streams:
            self.selector.register(stream.socket, selectors.EVENT_READ, stream)
        self.running = True
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        while self.running:
            for key, _ in self.selector.select(timeout=0.1):
                key.data.receive(time.perf_counter())

    def wait_ready(self, timeout=30):
        deadline = time.time() + timeout
        while not all(stream.ready for stream in self.streams):
            refused = [stream.refused for stream in self.streams if stream.refused]
            if refused:
                sys.exit("GET /v1/events answered: %r" % refused[0])
            if time.time() > deadline:
                sys.exit("not every stream opened")
            time.sleep(0.05)

    def stop(self):
        self.running = False
        self.thread.join()
        for stream in self.streams:
            stream.socket.close()


def create_note(connection, token, title):
    connection.request("POST", "/v1/notes", body=json.dumps({"title": title, "body": "written for the events benchmark", "tags": []}),
                       headers={"Authorization": "Bearer " + token, "Content-Type": "application/json"})
    response = connection.getresponse()
    answer = response.read()
    committed = time.perf_counter()
    if response.status != 201:
        sys.exit("POST /v1/notes answered %d: %r" % (response.status, answer))
    return json.loads(answer)["id"], committed


def wait_for(streams, note_id, timeout=10):
    deadline = time.time() + timeout
    while not all(note_id in stream.arrivals for stream in streams):
        if time.time() > deadline:
            sys.exit("note %s did not reach every stream" % note_id)
        time.sleep(0.002)


def add_account(server, name):
    created = subprocess.run([server.binary, "account", "create", name] + server.storage, capture_output=True, text=True, check=True)
    return created.stdout.strip()


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def latencies(stream_port, write_port, token, count, label):
    """Opens `count` streams on `stream_port`, writes CHANGES notes through `write_port`, and returns
    for each stream and note the time from the write's answer to the note's event."""
    streams = [Stream(stream_port, token) for _ in range(count)]
    readers = Readers(streams)
    readers.wait_ready()
    time.sleep(0.5)
    connection = http.client.HTTPConnection("127.0.0.1", write_port)
    measured = []
    for change in range(CHANGES):
        note_id, committed = create_note(connection, token, "%s %d" % (label, change))
        wait_for(streams, note_id)
        measured += [stream.arrivals[note_id] - committed for stream in streams]
        time.sleep(0.02)
    readers.stop()
    return measured


def idle_and_fan_out(server):
    # Ten accounts of their own: one account holds at most 100 streams.
    tokens = [add_account(server, "events-%d" % index) for index in range(10)]
    idle = vm_kib(server.process.pid, "VmRSS")
    streams = [(token, Stream(server.port, token)) for token in tokens for _ in range(100)]
    readers = Readers([stream for _, stream in streams])
    readers.wait_ready()
    time.sleep(2)
    held = (vm_kib(server.process.pid, "VmRSS") - idle) / 1024
    # The server's CPU while the 1,000 streams are held and nothing changes.
    cpu_before, clock_before = cpu_seconds(server.process.pid), time.time()
    time.sleep(IDLE_SECONDS)
    idle_cpu = 100 * (cpu_seconds(server.process.pid) - cpu_before) / (time.time() - clock_before)
    begun = time.perf_counter()
    written = {}
    threads = []

    def write(token):
        written[token] = create_note(http.client.HTTPConnection("127.0.0.1", server.port), token, "Fan-out")[0]
    for token in tokens:
        threads.append(threading.Thread(target=write, args=(token,)))
        threads[-1].start()
    for thread in threads:
        thread.join()
    for token, stream in streams:
        wait_for([stream], written[token])
    last = max(stream.arrivals[written[token]] for token, stream in streams)
    readers.stop()
    return held, idle_cpu, last - begun


def across_servers(bin_dir, work, database):
    # Two servers on one database: the writer's account (and token) is the listener's too.
    writer = Server(bin_dir, os.path.join(work, "pg-writer"), database)
    writer.start()
    listener = Server(bin_dir, os.path.join(work, "pg-listener"), database)
    listener.start()
    try:
        return latencies(listener.port, writer.port, writer.token, 10, "Across")
    finally:
        listener.stop()
        writer.stop()


def main():
    bin_dir = sys.argv[1]
    work = tempfile.mkdtemp(prefix="quill-events-bench-")
    database = os.environ.get("QUILL_BENCH_POSTGRES_URL") or os.environ.get("QUILL_TEST_POSTGRES_URL")
    server = Server(bin_dir, os.path.join(work, "sqlite"))
    server.start()
    try:
        near = latencies(server.port, server.port, server.token, 100, "Latency")
        held, idle_cpu, fan_out = idle_and_fan_out(server)
    finally:
        server.stop()
    across = across_servers(bin_dir, work, database) if database else None
    shutil.rmtree(work, ignore_errors=True)

    def verdict(ok):
        return "met" if ok else "**not met**"
    rows = [
        "| a committed change (`POST /v1/notes` answered) until its event arrives, 100 streams of one account, %d changes: median; p99 | p99 ≤ 50 ms | %.1f ms; %.1f ms | %s |"
        % (CHANGES, 1000 * statistics.median(near), 1000 * percentile(near, 0.99), verdict(percentile(near, 0.99) <= 0.05)),
        "| 1,000 idle streams (10 accounts × 100, the per-account limit): the server's resident memory above idle | ≤ 64 MiB | %.1f MiB | %s |"
        % (held, verdict(held <= 64)),
        "| … the server's CPU meanwhile, over %d s (no target) | — | %.1f%% of a core | |" % (IDLE_SECONDS, idle_cpu),
        "| one change in each of the 10 accounts, written at once, until all 1,000 streams have their account's event | ≤ 1 s | %.0f ms | %s |"
        % (1000 * fan_out, verdict(fan_out <= 1)),
    ]
    if across:
        rows.append("| from one PostgreSQL-backed server to another (10 streams on the second, %d changes through the first): median; p99 | ≤ 1 s | %.1f ms; %.1f ms | %s |"
                    % (CHANGES, 1000 * statistics.median(across), 1000 * percentile(across, 0.99), verdict(percentile(across, 0.99) <= 1)))
    else:
        rows.append("| from one PostgreSQL-backed server to another | ≤ 1 s | not measured in this run (run under `Tools/with-postgres.sh`) | |")
    load = " ".join("%.2f" % value for value in os.getloadavg())
    text = ("Measured %s on this machine (%d cores; load average %s at the end) by `Tools/benchmarks/events.sh`, release build, "
            "default configuration (SQLite), loopback; the clients are raw sockets in one Python process.\n\n"
            "| measurement | target | result | |\n|---|---|---|---|\n"
            % (time.strftime("%Y-%m-%d"), os.cpu_count(), load)) + "\n".join(rows) + "\n"
    print(text)
    performance_section.replace("events", "Live changes (`Tools/benchmarks/events.sh`)", text)


if __name__ == "__main__":
    main()
