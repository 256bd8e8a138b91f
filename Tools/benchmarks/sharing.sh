#!/usr/bin/env bash
# Benchmarks what anyone with a link reads, on 127.0.0.1 with wrk, and writes the "Sharing" section
# of docs/performance.md. Targets: a shared page (`GET /s/<token>`) at 64 connections serves at
# least half the requests per second of `GET /v1/notes/{id}` in the same run, with p99 <= 20 ms;
# a published site's index of 1,000 notes (`GET /p/<slug>/`) has p99 <= 50 ms.
#
#   Tools/benchmarks/sharing.sh [--skip-build]     (needs wrk, curl, python3)
#   NOTES=1000 DURATION=10s ROUNDS=3 CONNECTIONS=64 Tools/benchmarks/sharing.sh
#   QUILL_SERVER_BINARY=path Tools/benchmarks/sharing.sh
#
# `quill-server` is the release build in its default configuration (SQLite in a fresh data
# directory under $TMPDIR, request log at level info to a file). One account gets NOTES notes of
# 0.3-4 KiB, every one tagged `site` (Tools/benchmarks/web_corpus.py, seeded), one of them shared
# without limits (each GET counts a view), and the tag published. Each round runs wrk
# -t2 -cCONNECTIONS on the note through the API, then on its shared page, then on the site's
# index; the table gives each one's median over ROUNDS rounds, and the ratio is taken in each
# round (so both sides see the same load) and its median given.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
. "$repo/Tools/quill-server-port.sh"
cd "$repo"

NOTES="${NOTES:-1000}"
DURATION="${DURATION:-10s}"
ROUNDS="${ROUNDS:-3}"
CONNECTIONS="${CONNECTIONS:-64}"
THREADS="${THREADS:-2}"

for tool in wrk curl python3; do
    command -v "$tool" >/dev/null || { echo "sharing.sh: needs $tool (apt-get install -y wrk curl)" >&2; exit 1; }
done
if [ -n "${QUILL_SERVER_BINARY:-}" ]; then
    bin="$(cd "$(dirname "$QUILL_SERVER_BINARY")" && pwd)"
else
    [ "${1:-}" = "--skip-build" ] || swift build -c release --product quill-server >&2
    bin="$(swift build -c release --show-bin-path)"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/quill-sharing-bench.XXXXXX")"
server=""
trap 'if [ -n "$server" ]; then kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi; rm -rf "$work"' EXIT

token="$("$bin/quill-server" account create reader --data-dir "$work/data" 2>/dev/null)"
"$bin/quill-server" --port 0 --data-dir "$work/data" 2>"$work/server.log" &
server=$!
port="$(quill_server_port "$work/server.log" "$server")"
base="http://127.0.0.1:$port"
auth="Authorization: Bearer $token"

echo "loading $NOTES notes..." >&2
mean_body="$(python3 "$repo/Tools/benchmarks/web_corpus.py" "$base" "$token" "$NOTES" site)"
note="$(curl -sS -H "$auth" "$base/v1/notes?limit=1" | python3 -c 'import json, sys; print(json.load(sys.stdin)["notes"][0]["id"])')"
share="$(curl -sS -H "$auth" -H 'Content-Type: application/json' -d '{}' "$base/v1/notes/$note/shares" | python3 -c 'import json, sys; print(json.load(sys.stdin)["path"])')"
curl -sS -f -o /dev/null -H "$auth" -H 'Content-Type: application/json' -d '{"slug": "bench", "tag": "site", "title": "Bench"}' "$base/v1/sites"
index_status="$(curl -sS -o "$work/index.html" -w '%{http_code}' "$base/p/bench/")"
listed="$(grep -c 'class="title"' "$work/index.html" || true)"
[ "$index_status" = 200 ] && [ "$listed" = 50 ] || { echo "sharing.sh: /p/bench/ answered $index_status with $listed notes" >&2; exit 1; }
[ "$(curl -sS -o /dev/null -w '%{http_code}' "$base$share")" = 200 ] || { echo "sharing.sh: the shared page is not 200" >&2; exit 1; }

run() { # PATH [HEADER]: one wrk run; prints "rps p50 p99 errors"
    local out
    if [ -n "${2:-}" ]; then out="$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -H "$2" "$base$1")"
    else out="$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency "$base$1")"; fi
    echo "$out" >&2
    local failed
    failed="$(echo "$out" | grep -E "Socket errors|Non-2xx" | tr -s ' ' | tr ' ' '_' | paste -sd ';' || true)"
    printf '%s %s %s %s\n' "$(echo "$out" | sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p')" \
        "$(echo "$out" | sed -n 's/^ *50% *\([0-9.]*[a-z]*\).*/\1/p')" "$(echo "$out" | sed -n 's/^ *99% *\([0-9.]*[a-z]*\).*/\1/p')" "${failed:-none}"
}

echo "warming up..." >&2
wrk -t"$THREADS" -c"$CONNECTIONS" -d3s "$base$share" >/dev/null
wrk -t"$THREADS" -c"$CONNECTIONS" -d3s "$base/p/bench/" >/dev/null
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
: >"$work/rounds"
for round in $(seq 1 "$ROUNDS"); do
    echo "round $round of $ROUNDS..." >&2
    echo "api $(run "/v1/notes/$note" "$auth")" >>"$work/rounds"
    echo "share $(run "$share")" >>"$work/rounds"
    echo "site $(run "/p/bench/")" >>"$work/rounds"
done
load_after="$(cut -d' ' -f1-3 /proc/loadavg)"
rss="$(awk '/^VmRSS:/ { print int($2 / 1024) }' "/proc/$server/status")"
views="$(curl -sS -H "$auth" "$base/v1/shares" | python3 -c 'import json, sys; print(json.load(sys.stdin)["shares"][0]["views"])')"

section="$work/section.md"
python3 - "$work/rounds" >"$section" <<PYTHON
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    kind, rps, p50, p99, errors = line.split()
    rows.setdefault(kind, []).append((float(rps), p50, p99, errors))
def ms(text):
    number = float(text.rstrip("msu"))
    return number / 1000 if text.endswith("us") else number * 1000 if text.endswith("s") and not text.endswith("ms") else number
ratios = [share[0] / api[0] for api, share in zip(rows["api"], rows["share"])]
print("Measured $(date -u +%Y-%m-%d) by \`Tools/benchmarks/sharing.sh\` on this machine ($(nproc) cores, $(uname -sr)): release build,")
print("default configuration (SQLite in a fresh data directory under \$TMPDIR, request log at level info to a file), one account")
print("with $NOTES notes (bodies of 0.3-4 KiB, mean $mean_body bytes), all tagged \`site\` and published as \`/p/bench/\`, one of them")
print("shared without limits (every GET of its page counts a view, written once a second). wrk -t$THREADS -c$CONNECTIONS -d$DURATION --latency,")
print("on the same cores as the server; $ROUNDS rounds of the three in turn, medians. Load average $load_before before and")
print("$load_after after (other work on the machine counts in it); server resident memory at the end $rss MiB; the shared page")
print("counted $views views.")
print()
print("| page | requests/s | p50 | p99 | errors |")
print("|---|---|---|---|---|")
names = {"api": "\`GET /v1/notes/{id}\` (the API, bearer token)", "share": "\`GET /s/<token>\` (the note's shared page)",
         "site": "\`GET /p/bench/\` (the site's index: the newest 50 of $NOTES)"}
for kind in ("api", "share", "site"):
    runs = rows[kind]
    rps = statistics.median(run[0] for run in runs)
    p50 = statistics.median(ms(run[1]) for run in runs)
    p99 = statistics.median(ms(run[2]) for run in runs)
    errors = ";".join(sorted({run[3] for run in runs}))
    print("| %s | %.0f | %.2f ms | **%.2f ms** | %s |" % (names[kind], rps, p50, p99, errors))
print()
print("The shared page served %.2f× the requests per second of the API's note (median of the rounds' ratios: %s)."
      % (statistics.median(ratios), ", ".join("%.2f" % ratio for ratio in ratios)))
print()
print("Targets: the shared page ≥ 0.5× the API's requests per second and p99 ≤ 20 ms at 64 connections; the index of")
print("1,000 published notes p99 ≤ 50 ms.")
PYTHON
cat "$section"
python3 "$repo/Tools/benchmarks/performance_section.py" sharing "Sharing (\`Tools/benchmarks/sharing.sh\`)" "$section"
