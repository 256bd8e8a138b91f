#!/usr/bin/env bash
# Benchmarks `GET /v1/notes?q=…` on quill-server (release build, SQLite) over one account of
# 10,000 notes of ~1 KB, and writes the "Server search" section of docs/performance.md.
# Tools/benchmarks/server.sh runs it after its own measurements.
#
#   Tools/benchmarks/server-search.sh [--skip-build]     (needs wrk: apt-get install -y wrk)
#   NOTES=100000 DURATION=15s Tools/benchmarks/server-search.sh
#   SCRATCH_PATH=/tmp/release-build Tools/benchmarks/server-search.sh    (swift build --scratch-path)
#
# The notes are words drawn from a vocabulary of 5,000 with a Zipf-like skew (so some words are
# in nearly every note and most in few), plus "harbour" in 1% of them (in the title of half of
# those). Each search runs for DURATION at 16 connections: a rare word, the same as a prefix and
# in a phrase, and the most common word (matching every note: the whole ranking is computed for a
# page of 20, the worst case).
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$repo"

DURATION="${DURATION:-10s}"
NOTES="${NOTES:-10000}"
THREADS="${THREADS:-2}"

command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
scratch=()
if [ -n "${SCRATCH_PATH:-}" ]; then scratch=(--scratch-path "$SCRATCH_PATH"); fi
if [ "${1:-}" != "--skip-build" ]; then swift build -c release "${scratch[@]}" --product quill-server >&2; fi
bin="$(swift build -c release "${scratch[@]}" --show-bin-path)"

work="$(mktemp -d)"
server=""
trap 'if [ -n "$server" ]; then kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi; rm -rf "$work"' EXIT
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
token="$("$bin/quill-server" account create bench --data-dir "$work/data" 2>/dev/null)"
"$bin/quill-server" --port "$port" --data-dir "$work/data" 2>"$work/server.log" &
server=$!
for _ in $(seq 1 300); do grep -q "listening on" "$work/server.log" 2>/dev/null && break; sleep 0.1; done
base="http://127.0.0.1:$port"
auth="Authorization: Bearer $token"

echo "seeding $NOTES notes..." >&2
started="$(date +%s%N)"
python3 - "$port" "$token" "$NOTES" <<'PY'
import http.client, json, random, sys
random.seed(17)
vocabulary = ["w%x" % i for i in range(5000)]
weights = [1 / (rank + 1) for rank in range(len(vocabulary))]
connection = http.client.HTTPConnection("127.0.0.1", int(sys.argv[1]))
total = int(sys.argv[3])
for start in range(0, total, 1000):
    changes = []
    for index in range(start, min(total, start + 1000)):
        words = random.choices(vocabulary, weights, k=150)
        title = " ".join(random.choices(vocabulary, weights, k=4))
        if index % 100 == 0:
            words[random.randrange(len(words) - 1)] = "quiet harbour"
        if index % 200 == 0:
            title += " harbour"
        changes.append({"baseRevision": None, "note": {
            "format": 1, "id": "%016x" % (index + 1), "title": title, "body": " ".join(words), "tags": ["bench"],
            "created": "2026-01-01T00:00:00.000Z", "updated": "2026-01-01T00:00:00.000Z", "revision": 1, "deleted": False}})
    body = json.dumps({"requestID": "seed-%d" % start, "changes": changes})
    connection.request("POST", "/v1/sync/push", body, {"Authorization": "Bearer " + sys.argv[2], "Content-Type": "application/json"})
    response = connection.getresponse()
    response.read()
    assert response.status == 200, response.status
PY
seed_seconds="$(python3 -c "print(f'{($(date +%s%N) - $started) / 1e9:.1f}')")"

rps() { sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p'; }
pct() { sed -n "s/^ *$1% *\(.*\)\$/\1/p"; }
errors() { grep -E "Socket errors|Non-2xx" || echo "none"; }
rows=""
for query in "harbour" "harb*" "%22quiet+harbour%22" "w0&limit=20"; do
    url="$base/v1/notes?q=$query"
    found="$(curl -sf -H "$auth" "$url" | python3 -c 'import json, sys; print(len(json.load(sys.stdin)["notes"]))')"
    echo "GET /v1/notes?q=$query ($found notes)..." >&2
    wrk -t"$THREADS" -c16 -d3s -H "$auth" "$url" >/dev/null
    result="$(wrk -t"$THREADS" -c16 -d"$DURATION" --latency -H "$auth" "$url")"
    rows+="| \`GET /v1/notes?q=$query\` | $found | $(echo "$result" | rps) req/s | $(echo "$result" | pct 50) | **$(echo "$result" | pct 99)** | $(echo "$result" | errors) |"$'\n'
done

section="$work/section.md"
cat >"$section" <<REPORT
Measured $(date -u +%Y-%m-%d) by \`Tools/benchmarks/server-search.sh\` (release build, SQLite, FTS5) on this machine
($(nproc) cores, $(uname -sr); load average $(cut -d' ' -f1-3 /proc/loadavg) at the end of the run, from other work on the
machine): one account of $NOTES notes of ~1 KB (seeded by push in ${seed_seconds} s, index included), wrk -t${THREADS} -c16
for $DURATION per search, sharing the cores with the server.

| search | notes on the page | throughput | p50 | p99 | errors |
|---|---|---|---|---|---|
${rows}
REPORT
cat "$section"
python3 "$repo/Tools/benchmarks/performance_section.py" server-search "Server search (\`Tools/benchmarks/server-search.sh\`)" "$section"
