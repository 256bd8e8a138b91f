#!/usr/bin/env bash
# The real-process chaos test of sync (Tools/chaos.py): a real quill-server and three quill
# homes, random edits, `quill sync` and the server SIGKILLed at random moments; at the end
# every home must hold the server's notes and no edit may be missing.
#
#   Tools/chaos.sh --rounds 500 --seed 7      # builds quill and quill-server (debug) first
#   QUILL_BINARY=… QUILL_SERVER_BINARY=… Tools/chaos.sh --rounds 120 --time-limit 90
# Any other option goes to Tools/chaos.py (--keep, --verbose, --time-limit SECONDS).
set -euo pipefail
cd "$(dirname "$0")/.."

quill="${QUILL_BINARY:-}"
server="${QUILL_SERVER_BINARY:-}"
if [ -z "$quill" ] || [ -z "$server" ]; then
    swift build --product quill >/dev/null
    swift build --product quill-server >/dev/null
    bin="$(swift build --show-bin-path)"
    quill="${quill:-$bin/quill}"
    server="${server:-$bin/quill-server}"
fi
exec python3 Tools/chaos.py --quill "$quill" --server "$server" "$@"
