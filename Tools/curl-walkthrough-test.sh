#!/usr/bin/env bash
# Runs the curl walkthrough of docs/server.md ("The API with curl") as written, against the real
# quill-server with a fresh SQLite data directory, so the documented commands cannot drift from
# what the server does. Every ```sh block between the curl-walkthrough markers runs, in order, in
# one bash (set -euo pipefail), with three substitutions: `quill-server` is this binary, HOME is a
# scratch directory (so ~/quill-demo is too), and port 8080 is a free port. Then the transcript and
# the server's final state are checked.
#
#   Tools/curl-walkthrough-test.sh                          # builds quill-server (debug) first
#   QUILL_SERVER_BINARY=path Tools/curl-walkthrough-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
. Tools/quill-server-port.sh

for tool in curl jq python3; do
    command -v "$tool" >/dev/null || { echo "curl-walkthrough-test: needs $tool (apt-get install -y curl jq)" >&2; exit 1; }
done

binary="${QUILL_SERVER_BINARY:-}"
if [ -z "$binary" ]; then
    swift build --product quill-server >/dev/null
    binary="$(swift build --show-bin-path)/quill-server"
fi

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/bin" "$scratch/home"
ln -s "$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")" "$scratch/bin/quill-server"
port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"

script="$scratch/walkthrough.sh"
{
    echo 'set -euo pipefail'
    # A failing step must not leave the background server running.
    echo 'trap '"'"'kill $(jobs -p) 2>/dev/null || true'"'"' EXIT'
    awk '/<!-- curl-walkthrough:begin/ { inside = 1; next }
         /<!-- curl-walkthrough:end/ { inside = 0 }
         inside && /^```sh$/ { block = 1; next }
         inside && /^```$/ { block = 0; next }
         inside && block { print }' docs/server.md | sed "s/8080/$port/g"
    # After the walkthrough: the server it stopped must have exited cleanly (status 0), and the
    # token goes to the checks below.
    echo 'wait $!'
    echo 'printf "%s" "$QUILL_TOKEN" >"$HOME/token"'
} >"$script"
grep -q 'quill-server account create' "$script" || { echo "curl-walkthrough-test: no walkthrough found in docs/server.md" >&2; exit 1; }

transcript="$scratch/transcript"
# Run in the scratch home, as a reader runs it in theirs: what it writes (the export) lands there.
if ! (cd "$scratch/home" && env -u QUILL_SERVER_DATABASE -u QUILL_SERVER_PORT -u QUILL_SERVER_HOST HOME="$scratch/home" \
        PATH="$scratch/bin:$PATH" timeout 120 bash "$script") >"$transcript" 2>&1; then
    echo "curl-walkthrough-test: the walkthrough failed; its script and output:" >&2
    cat -n "$script" >&2
    cat "$transcript" >&2
    exit 1
fi

# What the doc says each step shows.
expect() {
    grep -qiF -- "$1" "$transcript" || { echo "curl-walkthrough-test: expected '$1' in the output:" >&2; cat "$transcript" >&2; exit 1; }
}
expect '"body":"Milk, eggs"'
expect 'tag: unknown field'
expect "refused: 'tag' is not a field"
expect 'ETag: "1"'
expect '"body":"Tuesday, 9:00","created"'
expect '"revision":3'
expect '"code":"revision_mismatch"'
expect 'refused: the note is at revision 3'
expect '"deleted":true'
expect 'Plumber booked'
expect '4 api Plumber booked'
expect '1 created Call the plumber'

# What the walkthrough left in its SQLite file, read by a fresh server on the same data directory.
log="$scratch/server.log"
"$binary" --data-dir "$scratch/home/quill-demo" --host 127.0.0.1 --port 0 --log-level notice 2>"$log" &
server=$!
trap 'kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -rf "$scratch"' EXIT
url="http://127.0.0.1:$(quill_server_port "$log" "$server")/v1/notes"
auth="Authorization: Bearer $(cat "$scratch/home/token")"
notes="$(curl -sS --fail-with-body -H "$auth" "$url" | jq -c '[.notes[] | {title, body, tags}] | sort_by(.title)')"
[ "$notes" = '[{"title":"Call the plumber","body":"","tags":["home","todo"]},{"title":"Groceries","body":"Milk, eggs","tags":["home"]}]' ] || {
    echo "curl-walkthrough-test: after the walkthrough the live notes are $notes" >&2; exit 1; }
echo "curl walkthrough of docs/server.md: every command worked"
