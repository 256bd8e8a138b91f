#!/usr/bin/env bash
# The web reader of quill-server in a real browser: headless Chromium (Debian's `chromium`
# package) driven by Playwright for Python (PyPI, pinned; its own browser downloads are never
# used), against the real `quill-server` binary over its production SQLite store in a fresh data
# directory. `Tools/browser-test.sh --list` lists the tests (Tools/browser-test/tests_*.py); in short: sign in, list,
# search, tags, paging, open, create, edit, a conflicting edit, delete, history and restore, the
# trash, export, sign out; hostile
# notes that must run no script; links between notes (to a heading or a block too) and "Linked from"; share links read signed out, checked by axe-core; and load nothing from elsewhere (with a self-test showing the
# checker catches each payload when it is NOT escaped); keyboard use, phone width, dark mode.
#
#   Tools/browser-test.sh                               # builds quill-server (debug) first
#   QUILL_SERVER_BINARY=path Tools/browser-test.sh
#   Tools/browser-test.sh --screenshots                 # also rewrites docs/screenshots/*.png
#   Tools/browser-test.sh --seed 7 --only hostile       # replay a seed; run the tests whose name has "hostile"
#
# Playwright is installed into a venv under $QUILL_BROWSER_TEST_CACHE (Tools/browser-venv.sh).
# Chromium is $QUILL_CHROMIUM (default /usr/bin/chromium). The whole run is bounded by
# QUILL_BROWSER_TEST_TIMEOUT seconds (default 300).
set -euo pipefail
cd "$(dirname "$0")/.."
repository="$PWD"
. Tools/quill-server-port.sh

. Tools/browser-venv.sh
chromium="${QUILL_CHROMIUM:-/usr/bin/chromium}"
[ -x "$chromium" ] || { echo "browser-test: needs Chromium at $chromium (apt-get install -y chromium)" >&2; exit 1; }
command -v python3 >/dev/null || { echo "browser-test: needs python3" >&2; exit 1; }
venv="$(browser_venv)"

if [ "${1:-}" = "--list" ]; then exec "$venv/bin/python" "$repository/Tools/browser-test/run.py" --list; fi

browser_test_binaries
binary="$server"   # $server names the running server's process below

scratch="$(mktemp -d "${TMPDIR:-/tmp}/quill-browser-test.XXXXXX")"
server=""
trap 'if [ -n "$server" ]; then kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi; rm -rf "$scratch"' EXIT

# Three accounts on the production store: the reader; another whose note must stay out of reach;
# one holding only hostile notes (so they never shift what the reader's pages show).
data="$scratch/data"
reader_token="$("$binary" account create reader --data-dir "$data" 2>/dev/null)"
other_token="$("$binary" account create other --data-dir "$data" 2>/dev/null)"
hostile_token="$("$binary" account create hostile --data-dir "$data" 2>/dev/null)"

# The largest attachment is small (1 MiB), so that a browser can be shown a file refused as too large.
"$binary" --data-dir "$data" --host 127.0.0.1 --port 0 --log-level info --max-attachment-size 1M 2>"$scratch/server.log" &
server=$!
port="$(quill_server_port "$scratch/server.log" "$server")"

# Playwright must not look for (or fetch) browsers of its own: an empty browsers path.
mkdir -p "$scratch/no-browsers"
status=0
PLAYWRIGHT_BROWSERS_PATH="$scratch/no-browsers" PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
QUILL_WEB_URL="http://127.0.0.1:$port" QUILL_MAX_ATTACHMENT_BYTES=$((1 << 20)) QUILL_READER_TOKEN="$reader_token" QUILL_OTHER_TOKEN="$other_token" QUILL_HOSTILE_TOKEN="$hostile_token" \
QUILL_CHROMIUM="$chromium" QUILL_CLIENT_BINARY="$client" QUILL_SCREENSHOTS_DEFAULT="$repository/docs/screenshots" QUILL_SCRATCH="$scratch" \
    timeout --kill-after=10 "${QUILL_BROWSER_TEST_TIMEOUT:-300}" \
    "$venv/bin/python" "$repository/Tools/browser-test/run.py" "$@" || status=$?

if [ "$status" -ne 0 ]; then
    [ "$status" -eq 124 ] && echo "browser-test: stopped after ${QUILL_BROWSER_TEST_TIMEOUT:-300} s" >&2
    echo "browser-test: the server's log ends with:" >&2
    grep -v ' /v1/' "$scratch/server.log" | tail -n 40 >&2
    exit "$status"
fi
# The server must have answered no request with a 5xx and logged no error meanwhile.
if grep -E ' 5[0-9]{2} [0-9.]+ms| (error|critical) ' "$scratch/server.log" >&2; then
    echo "browser-test: the server log above holds a 5xx or an error" >&2
    exit 1
fi
