#!/usr/bin/env bash
# Benchmarks quill-server (issue 4's speed targets) with wrk on 127.0.0.1, release build, SQLite.
#
#   Tools/benchmarks/server.sh [--skip-build]     (needs wrk: apt-get install -y wrk)
#
# Runs the benchmark-only app quill-server-benchmark (the production SQLite server plus the bare
# routes `GET /bench/constant` and `GET /bench/constant-page`) on a fresh data directory seeded
# with 1,000 notes, then measures:
#   1. GET /v1/notes/{id} vs GET /bench/constant, same run, same connections (target: >= 60%);
#   2. GET /v1/changes?limit=1000 (a 1,000-change page) at 64 connections (target: p99 < 50 ms),
#      and GET /bench/constant-page (a constant body of the same size) as the floor;
#   3. GET /v1/notes/{id} at 256 connections for 60 s: errors, non-2xx, and resident memory
#      after 10 s and at the end (target: zero errors, end within 20% of the 10 s figure).
# Prints a Markdown summary (paste it under "Server" in docs/performance.md).
# Both routes pass the same middleware (request log line, metrics, error mapping); the server
# runs at log level notice so that the per-request info lines do not measure the terminal.
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION="${DURATION:-15s}"
SOAK_SECONDS="${SOAK_SECONDS:-60}"
THREADS="${THREADS:-2}"

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
if [ "${1:-}" != "--skip-build" ]; then
    swift build -c release --product quill-server-benchmark >&2
fi
binary="$(swift build -c release --show-bin-path)/quill-server-benchmark"

work="$(mktemp -d)"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
"$binary" "$work" "$port" 1000 >"$work/out" 2>"$work/err" &
server=$!
trap 'kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 300); do
    grep -q "listening on" "$work/err" 2>/dev/null && break
    kill -0 "$server" 2>/dev/null || { cat "$work/err" >&2; exit 1; }
    sleep 0.1
done
token="$(sed -n 's/^token=//p' "$work/out")"
note="$(sed -n 's/^note=//p' "$work/out")"
base="http://127.0.0.1:$port"
auth="Authorization: Bearer $token"

rps() { sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p'; }
p99() { sed -n 's/^ *99% *\(.*\)$/\1/p'; }
errors() { grep -E "Socket errors|Non-2xx" || echo "none"; }
rss_kib() { awk '/^VmRSS:/ { print $2 }' "/proc/$server/status"; }

echo "warming up..." >&2
wrk -t"$THREADS" -c64 -d3s "$base/bench/constant" >/dev/null
wrk -t"$THREADS" -c64 -d3s -H "$auth" "$base/v1/notes/$note" >/dev/null

echo "1. single note vs constant route (64 connections, $DURATION each, alternated twice)..." >&2
constant_runs=(); note_runs=()
for _ in 1 2; do
    constant_runs+=("$(wrk -t"$THREADS" -c64 -d"$DURATION" "$base/bench/constant" | rps)")
    note_runs+=("$(wrk -t"$THREADS" -c64 -d"$DURATION" -H "$auth" "$base/v1/notes/$note" | rps)")
done
constant="$(python3 -c "import sys; print(max(map(float, sys.argv[1:])))" "${constant_runs[@]}")"
single="$(python3 -c "import sys; print(max(map(float, sys.argv[1:])))" "${note_runs[@]}")"
ratio="$(python3 -c "print(f'{100 * $single / $constant:.0f}')")"

echo "2. change-feed page of 1,000 changes (64 connections, $DURATION)..." >&2
feed="$(wrk -t"$THREADS" -c64 -d"$DURATION" --latency -H "$auth" "$base/v1/changes?limit=1000")"
feed_rps="$(echo "$feed" | rps)"; feed_p99="$(echo "$feed" | p99)"; feed_errors="$(echo "$feed" | errors)"
feed_bytes="$(curl -s -H "$auth" "$base/v1/changes?limit=1000" | wc -c)"
floor="$(wrk -t"$THREADS" -c64 -d"$DURATION" --latency "$base/bench/constant-page")"
floor_rps="$(echo "$floor" | rps)"; floor_p99="$(echo "$floor" | p99)"
floor_bytes="$(curl -s "$base/bench/constant-page" | wc -c)"

echo "3. 256 connections for ${SOAK_SECONDS}s with memory samples..." >&2
wrk -t"$THREADS" -c256 -d"${SOAK_SECONDS}s" --latency -H "$auth" "$base/v1/notes/$note" >"$work/soak" &
load=$!
sleep 10
rss_10="$(rss_kib)"
wait "$load"
rss_end="$(rss_kib)"
soak_rps="$(rps <"$work/soak")"; soak_p99="$(p99 <"$work/soak")"; soak_errors="$(errors <"$work/soak")"
growth="$(python3 -c "print(f'{100 * ($rss_end - $rss_10) / $rss_10:+.1f}')")"

cat <<REPORT
| measurement | result | target |
|---|---|---|
| \`GET /bench/constant\`, 64 connections | ${constant} req/s (runs: ${constant_runs[*]}) | |
| \`GET /v1/notes/{id}\`, 64 connections | ${single} req/s (runs: ${note_runs[*]}) = **${ratio}%** of the constant route | ≥ 60% |
| \`GET /v1/changes?limit=1000\` (1,000 notes, ${feed_bytes} bytes), 64 connections | ${feed_rps} req/s, **p99 ${feed_p99}**; errors: ${feed_errors} | p99 < 50 ms |
| floor: \`GET /bench/constant-page\` (constant ${floor_bytes} bytes, no database, no encoding), 64 connections | ${floor_rps} req/s, p99 ${floor_p99} | |
| \`GET /v1/notes/{id}\`, 256 connections, ${SOAK_SECONDS} s | ${soak_rps} req/s, p99 ${soak_p99}; errors: ${soak_errors} | zero errors, zero 5xx |
| resident memory after 10 s → at the end | $((rss_10 / 1024)) MiB → $((rss_end / 1024)) MiB (**${growth}%**) | within 20% |

Machine: $(nproc) cores, $(uname -sr); wrk -t${THREADS}; wrk and the server share the machine.
REPORT
