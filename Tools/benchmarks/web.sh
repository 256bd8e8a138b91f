#!/usr/bin/env bash
# Benchmarks the web reader's notes page (`GET /`, the newest 50 of an account's notes) on
# 127.0.0.1 with wrk, and writes the "Web reader" section of docs/performance.md.
# Target: p99 <= 50 ms with 16 connections, for an account with 10,000 notes.
#
#   Tools/benchmarks/web.sh [--skip-build]      (needs wrk and curl: apt-get install -y wrk curl)
#   NOTES=10000 DURATION=20s CONNECTIONS=16 Tools/benchmarks/web.sh
#   SCRATCH_PATH=/tmp/release-build Tools/benchmarks/web.sh    (swift build --scratch-path)
#   QUILL_SERVER_BINARY=path Tools/benchmarks/web.sh            (that binary; the report names its build folder)
#
# `quill-server` is the release build in its default configuration (SQLite in a fresh data
# directory, request log at level info to a file). One account gets NOTES notes of 0.3-4 KiB
# (Tools/benchmarks/web_corpus.py, seeded, through POST /v1/sync/push), signs in through the
# /login form like a browser (CSRF field and cookie), and wrk fetches `/` with that session
# cookie: -t2 -c16 -d20s --latency. Also measured, for information: the next page
# (`/?after=`), a tag filter (`/?tag=`) and a search (`/?q=`).
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
. "$repo/Tools/quill-server-port.sh"
cd "$repo"

NOTES="${NOTES:-10000}"
DURATION="${DURATION:-20s}"
CONNECTIONS="${CONNECTIONS:-16}"
THREADS="${THREADS:-2}"
EXTRA_DURATION="${EXTRA_DURATION:-10s}"

for tool in wrk curl python3; do
    command -v "$tool" >/dev/null || { echo "web.sh: needs $tool (apt-get install -y wrk curl)" >&2; exit 1; }
done
scratch=()
if [ -n "${SCRATCH_PATH:-}" ]; then scratch=(--scratch-path "$SCRATCH_PATH"); fi
if [ -n "${QUILL_SERVER_BINARY:-}" ]; then
    bin="$(cd "$(dirname "$QUILL_SERVER_BINARY")" && pwd)"
else
    if [ "${1:-}" != "--skip-build" ]; then
        swift build -c release "${scratch[@]}" --product quill-server >&2
    fi
    bin="$(swift build -c release "${scratch[@]}" --show-bin-path)"
fi
build="$(basename "$bin")"

work="$(mktemp -d)"
server=""
trap 'if [ -n "$server" ]; then kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi; rm -rf "$work"' EXIT

token="$("$bin/quill-server" account create reader --data-dir "$work/data" 2>/dev/null)"
"$bin/quill-server" --port 0 --data-dir "$work/data" 2>"$work/server.log" &
server=$!
port="$(quill_server_port "$work/server.log" "$server")"
base="http://127.0.0.1:$port"

echo "loading $NOTES notes through the API..." >&2
started="$(date +%s)"
mean_body="$(python3 "$repo/Tools/benchmarks/web_corpus.py" "$base" "$token" "$NOTES")"
load_seconds=$(($(date +%s) - started))

# Sign in as a browser does: the form's csrf field and its cookie, then the session cookie.
jar="$work/cookies"
csrf="$(curl -sS -c "$jar" "$base/login" | sed -n 's/.*name="csrf"[^>]*value="\([^"]*\)".*/\1/p; s/.*value="\([^"]*\)"[^>]*name="csrf".*/\1/p' | head -n 1)"
[ -n "$csrf" ] || { echo "web.sh: no csrf field on /login" >&2; exit 1; }
curl -sS -b "$jar" -c "$jar" -o /dev/null --data-urlencode "token=$token" --data-urlencode "csrf=$csrf" "$base/login"
session="$(awk '$6 == "quill_session" { print $7 }' "$jar")"
[ -n "$session" ] || { echo "web.sh: signing in gave no quill_session cookie" >&2; exit 1; }
cookie="Cookie: quill_session=$session"

# The page must be the list itself (200, 50 notes), not a redirect to /login.
page="$work/page.html"
status="$(curl -sS -o "$page" -w '%{http_code}' -H "$cookie" "$base/")"
listed="$(grep -o '<li' "$page" | wc -l)"
[ "$status" = 200 ] && [ "$listed" -ge 50 ] || { echo "web.sh: GET / answered $status with $listed <li>" >&2; exit 1; }
page_bytes="$(wc -c <"$page")"
after="$(grep -o 'href="/?after=[^"]*"' "$page" | head -n 1 | sed 's/href="\/?after=\([^"]*\)"/\1/; s/&amp;/\&/g')"
tag="$(grep -o 'href="/?tag=[^"]*"' "$page" | head -n 1 | sed 's/href="\/?tag=\([^"]*\)"/\1/')"

field() { sed -n "s/^ *$1 *\\([0-9.]*[a-z]*\\).*/\\1/p" | head -n 1; }
rps() { sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p'; }
errors() { grep -E "Socket errors|Non-2xx" | tr -s ' ' | paste -sd ';' || true; }
measure() { # NAME PATH DURATION: one wrk run, its row of the table
    local out
    out="$(wrk -t"$THREADS" -c"$CONNECTIONS" -d"$3" --latency -H "$cookie" "$base$2")"
    echo "$out" >&2
    local failed
    failed="$(echo "$out" | errors)"
    echo "| $1 | $(echo "$out" | field 50%) | $(echo "$out" | field 90%) | **$(echo "$out" | field 99%)** | $(echo "$out" | rps) | ${failed:-none} |"
}

echo "warming up..." >&2
wrk -t"$THREADS" -c"$CONNECTIONS" -d3s -H "$cookie" "$base/" >/dev/null
load_before="$(cut -d' ' -f1-3 /proc/loadavg)"
echo "GET / ($CONNECTIONS connections, $DURATION)..." >&2
log_start="$(wc -l <"$work/server.log")"
main_row="$(measure "\`GET /\` (the newest 50 of $NOTES)" "/" "$DURATION")"
load_after="$(cut -d' ' -f1-3 /proc/loadavg)"
# The server's own time per request (the duration its request log gives) in the main run: when it is far
# below wrk's, the rest of wrk's latency is waiting for a core (the machine's load), not the page.
server_side="$(tail -n +"$((log_start + 1))" "$work/server.log" | sed -n 's/.* GET \/ 200 \([0-9.]*\)ms.*/\1/p' | python3 -c '
import sys
times = sorted(float(line) for line in sys.stdin)
pick = lambda q: times[min(len(times) - 1, int(q * len(times)))]
print("p50 %.2fms, p99 %.2fms, max %.2fms over %d requests" % (pick(0.5), pick(0.99), times[-1], len(times)))')"
rows=("$main_row")
[ -n "$after" ] && rows+=("$(measure "\`GET /?after=…\` (the next 50)" "/?after=$after" "$EXTRA_DURATION")")
[ -n "$tag" ] && rows+=("$(measure "\`GET /?tag=$tag\`" "/?tag=$tag" "$EXTRA_DURATION")")
rows+=("$(measure "\`GET /?q=garden\` (search)" "/?q=garden" "$EXTRA_DURATION")")
rss="$(awk '/^VmRSS:/ { print int($2 / 1024) }' "/proc/$server/status")"

section="$work/section.md"
{
    echo "Measured $(date -u +%Y-%m-%d) by \`Tools/benchmarks/web.sh\` on this machine ($(nproc) cores, $(uname -sr)): $build build,"
    echo "default configuration (SQLite, request log at level info to a file), one account with $NOTES notes (bodies"
    echo "of 0.3-4 KiB, mean $mean_body bytes; loaded through \`POST /v1/sync/push\` in ${load_seconds} s), signed in through"
    echo "\`/login\`; wrk -t${THREADS} -c${CONNECTIONS} --latency with the session cookie, on the same cores as the server. The notes page"
    echo "is ${page_bytes} bytes of HTML. Load average $load_before before the main run and $load_after after it"
    echo "(other work on the machine counts in it); server resident memory at the end ${rss} MiB."
    echo
    echo "| page | p50 | p90 | p99 | requests/s | errors |"
    echo "|---|---|---|---|---|---|"
    printf '%s\n' "${rows[@]}"
    echo
    echo "Server-side time of \`GET /\` in the main run (the duration in the request log): $server_side."
    echo
    echo "Target: \`GET /\` p99 ≤ 50 ms with 16 connections for an account with 10,000 notes (the first row, $DURATION)."
} >"$section"
cat "$section"
if [ -n "${NOTES_FILE:-}" ]; then cat "$NOTES_FILE" >>"$section"; fi
python3 "$repo/Tools/benchmarks/performance_section.py" web "Web reader (\`Tools/benchmarks/web.sh\`)" "$section"
