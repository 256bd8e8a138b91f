#!/usr/bin/env bash
# Benchmarks quill-server with wrk on 127.0.0.1 (release build, SQLite) against a bare
# Hummingbird 2 application, and writes the "Server" section of docs/performance.md.
#
#   Tools/benchmarks/server.sh [--skip-build]     (needs wrk: apt-get install -y wrk)
#   RUNS=5 DURATION=15s Tools/benchmarks/server.sh
#   SCRATCH_PATH=/tmp/release-build Tools/benchmarks/server.sh    (swift build --scratch-path)
#
# Two processes: `quill-server` in its default configuration (default request logging at level
# info, to a file, as under a service manager) on a fresh data directory holding one account with
# 1,000 notes of ~2 KB; and `bare-hummingbird-benchmark` (Apps/bare-hummingbird-benchmark:
# Hummingbird alone, one route answering a constant, none of Quill's middleware). Measures:
#   1. GET /v1/notes/{id} on quill-server vs GET /constant on the bare app, alternated RUNS times
#      with the same wrk settings; each pair gives a ratio; the median ratio is reported (target >= 80%);
#   2. GET /v1/changes?limit=1000 (a 1,000-change page) at 64 connections, alternated with
#      the bare app's GET /page (the same bytes, constant): p99 ratio (target <= 1.5x) and
#      throughput ratio (target: as the single GET's);
#   3. GET /v1/notes/{id} at 256 connections for SOAK_SECONDS: errors, non-2xx, and resident memory
#      after 10 s and at the end (target: zero errors, end within 20% of the 10 s figure);
#   4. searches on 10,000 notes: Tools/benchmarks/server-search.sh, run at the end.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$repo"

DURATION="${DURATION:-10s}"
RUNS="${RUNS:-3}"
SOAK_SECONDS="${SOAK_SECONDS:-60}"
THREADS="${THREADS:-2}"

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
scratch=()
if [ -n "${SCRATCH_PATH:-}" ]; then scratch=(--scratch-path "$SCRATCH_PATH"); fi
if [ "${1:-}" != "--skip-build" ]; then
    swift build -c release "${scratch[@]}" --product quill-server >&2
    swift build -c release "${scratch[@]}" --product bare-hummingbird-benchmark >&2
fi
bin="$(swift build -c release "${scratch[@]}" --show-bin-path)"

work="$(mktemp -d)"
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }
server=""; bare=""
trap 'for p in $server $bare; do kill -TERM "$p" 2>/dev/null || true; wait "$p" 2>/dev/null || true; done; rm -rf "$work"' EXIT
wait_for() { # PID LOG: until the log says "listening on"
    for _ in $(seq 1 300); do
        grep -q "listening on" "$2" 2>/dev/null && return 0
        kill -0 "$1" 2>/dev/null || { cat "$2" >&2; exit 1; }
        sleep 0.1
    done
    echo "no 'listening on' in $2" >&2; exit 1
}

token="$("$bin/quill-server" account create bench --data-dir "$work/data" 2>/dev/null)"
port="$(free_port)"
"$bin/quill-server" --port "$port" --data-dir "$work/data" 2>"$work/server.log" &
server=$!
wait_for "$server" "$work/server.log"
base="http://127.0.0.1:$port"
auth="Authorization: Bearer $token"

echo "seeding 1,000 notes..." >&2
note="$(python3 - "$port" "$token" <<'PY'
import http.client, json, sys
connection = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]))
for index in range(1000):
    body = json.dumps({"format": 1, "id": "%016x" % (index + 1), "title": "Benchmark note %d" % index,
                       "body": "Some text. " * 180, "tags": ["bench"], "created": "2026-01-01T00:00:00.000Z",
                       "updated": "2026-01-01T00:00:00.000Z", "revision": 1, "deleted": False})
    connection.request("POST", "/v1/notes", body, {"Authorization": "Bearer " + sys.argv[2], "Content-Type": "application/json"})
    response = connection.getresponse()
    response.read()
    assert response.status == 201, response.status
print("%016x" % 1)
PY
)"
curl -sf -H "$auth" "$base/v1/changes?limit=1000" >"$work/page.json"

bare_port="$(free_port)"
"$bin/bare-hummingbird-benchmark" "$bare_port" "$work/page.json" 2>"$work/bare.log" &
bare=$!
for _ in $(seq 1 300); do curl -sf "http://127.0.0.1:$bare_port/constant" >/dev/null && break; sleep 0.1; done
bare_base="http://127.0.0.1:$bare_port"

rps() { sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p'; }
p99() { sed -n 's/^ *99% *\(.*\)$/\1/p'; }
errors() { grep -E "Socket errors|Non-2xx" || echo "none"; }
rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$server/status"; }
median() { python3 -c "import statistics, sys; print(f'{statistics.median(map(float, sys.argv[1:])):.0f}')" "$@"; }
milliseconds() { python3 -c "import sys; t = sys.stdin.read().strip(); print(float(t[:-2]) if t.endswith('ms') else float(t[:-2]) / 1000 if t.endswith('us') else float(t[:-1]) * 1000)"; }
met() { python3 -c "import sys; print('met' if eval(sys.argv[1]) else '**not met**')" "$1"; }

echo "warming up..." >&2
wrk -t"$THREADS" -c64 -d3s "$bare_base/constant" >/dev/null
wrk -t"$THREADS" -c64 -d3s -H "$auth" "$base/v1/notes/$note" >/dev/null

echo "1. single note vs the bare app (64 connections, $DURATION each, $RUNS alternated pairs)..." >&2
bare_runs=(); note_runs=(); ratios=(); logged=0; logging_seconds=0
for _ in $(seq 1 "$RUNS"); do
    b="$(wrk -t"$THREADS" -c64 -d"$DURATION" "$bare_base/constant" | rps)"
    before="$(stat -c %s "$work/server.log")"; started="$(date +%s%N)"
    n="$(wrk -t"$THREADS" -c64 -d"$DURATION" -H "$auth" "$base/v1/notes/$note" | rps)"
    logged=$((logged + $(stat -c %s "$work/server.log") - before)); logging_seconds=$((logging_seconds + $(date +%s%N) - started))
    bare_runs+=("$b"); note_runs+=("$n")
    ratios+=("$(python3 -c "print(f'{100 * $n / $b:.0f}')")")
done
log_rate="$(python3 -c "print(f'{$logged / 1e6 / ($logging_seconds / 1e9):.1f}')")"
log_line="$(grep -m1 'GET /v1/notes/' "$work/server.log" || true)"
ratio="$(median "${ratios[@]}")"

echo "2. change-feed page of 1,000 changes vs the bare app serving the same bytes (64 connections, $DURATION each, $RUNS alternated pairs)..." >&2
feed_bytes="$(wc -c <"$work/page.json")"
feed_runs=(); feed_p99s=(); floor_runs=(); floor_p99s=(); feed_ratios=(); p99_ratios=(); feed_errors="none"
for _ in $(seq 1 "$RUNS"); do
    floor="$(wrk -t"$THREADS" -c64 -d"$DURATION" --latency "$bare_base/page")"
    feed="$(wrk -t"$THREADS" -c64 -d"$DURATION" --latency -H "$auth" "$base/v1/changes?limit=1000")"
    f_rps="$(echo "$feed" | rps)"; f_p99="$(echo "$feed" | p99 | milliseconds)"
    b_rps="$(echo "$floor" | rps)"; b_p99="$(echo "$floor" | p99 | milliseconds)"
    errors_seen="$(echo "$feed" | errors)"; [ "$errors_seen" = "none" ] || feed_errors="$errors_seen"
    feed_runs+=("$f_rps"); feed_p99s+=("$f_p99"); floor_runs+=("$b_rps"); floor_p99s+=("$b_p99")
    feed_ratios+=("$(python3 -c "print(f'{100 * $f_rps / $b_rps:.0f}')")")
    p99_ratios+=("$(python3 -c "print(f'{$f_p99 / $b_p99:.2f}')")")
done
feed_ratio="$(median "${feed_ratios[@]}")"
p99_ratio="$(python3 -c "import statistics, sys; print(f'{statistics.median(map(float, sys.argv[1:])):.2f}')" "${p99_ratios[@]}")"

echo "3. 256 connections for ${SOAK_SECONDS}s with memory samples..." >&2
wrk -t"$THREADS" -c256 -d"${SOAK_SECONDS}s" --latency -H "$auth" "$base/v1/notes/$note" >"$work/soak" &
load=$!
sleep 10
rss_10="$(rss_kib)"
wait "$load"
rss_end="$(rss_kib)"
soak_rps="$(rps <"$work/soak")"; soak_p99="$(p99 <"$work/soak")"; soak_errors="$(errors <"$work/soak")"
growth="$(python3 -c "print(f'{100 * ($rss_end - $rss_10) / $rss_10:+.1f}')")"

section="$work/section.md"
cat >"$section" <<REPORT
Measured $(date -u +%Y-%m-%d) by \`Tools/benchmarks/server.sh\` (release builds, SQLite, 1,000 notes of ~2 KB) on
this machine ($(nproc) cores, $(uname -sr); load average $(cut -d' ' -f1-3 /proc/loadavg) at the end of the run, from other
work on the machine); wrk -t${THREADS} shares the cores with the server. \`quill-server\` runs in its default configuration
(request log at level info, text format, standard error to a file); the yardstick is \`bare-hummingbird-benchmark\`, a
bare Hummingbird 2 application in its own process (one constant route, no Quill middleware).

| measurement | result | target |
|---|---|---|
| bare app \`GET /constant\`, 64 connections | median $(median "${bare_runs[@]}") req/s (runs: ${bare_runs[*]}) | |
| \`GET /v1/notes/{id}\`, 64 connections | median $(median "${note_runs[@]}") req/s (runs: ${note_runs[*]}) | |
| ratio, each run against the bare app run next to it | **${ratio}%** (median; runs: ${ratios[*]/%/%}) | ≥ 80%: $(met "$ratio >= 80") |
| request log written meanwhile | ${log_rate} MB/s; a line: \`${log_line}\` | |
| \`GET /v1/changes?limit=1000\` (1,000 notes, ${feed_bytes} bytes), 64 connections | median $(median "${feed_runs[@]}") req/s, p99 median $(median "${feed_p99s[@]}") ms (runs: ${feed_p99s[*]/%/ ms}); errors: ${feed_errors} | |
| bare app \`GET /page\` (the same ${feed_bytes} bytes, constant), 64 connections | median $(median "${floor_runs[@]}") req/s, p99 median $(median "${floor_p99s[@]}") ms (runs: ${floor_p99s[*]/%/ ms}) | |
| change feed p99 ÷ the bare app's p99, each run against the one next to it | **${p99_ratio}×** (median; runs: ${p99_ratios[*]/%/×}) | ≤ 1.5×: $(met "$p99_ratio <= 1.5") |
| change feed throughput ÷ the bare app's | **${feed_ratio}%** (median; runs: ${feed_ratios[*]/%/%}) | as the single GET's (${ratio}%): $(met "$feed_ratio >= $ratio - 5") |
| \`GET /v1/notes/{id}\`, 256 connections, ${SOAK_SECONDS} s | ${soak_rps} req/s, p99 ${soak_p99}; errors: ${soak_errors} | zero errors, zero 5xx |
| resident memory after 10 s → at the end | $((rss_10 / 1024)) MiB → $((rss_end / 1024)) MiB (**${growth}%**) | within 20% |
REPORT
cat "$section"
if [ -n "${NOTES_FILE:-}" ]; then cat "$NOTES_FILE" >>"$section"; fi
python3 "$repo/Tools/benchmarks/performance_section.py" server "Server (\`Tools/benchmarks/server.sh\`)" "$section"
"$repo/Tools/benchmarks/server-search.sh" --skip-build
