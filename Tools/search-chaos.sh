#!/usr/bin/env bash
# The search index's crash test (Tools/search_chaos.py): real `quill add/edit/rm/import/search`
# processes SIGKILLed at random moments, then `quill search` must find every acknowledged note
# and nothing deleted.
#
#   Tools/search-chaos.sh --rounds 2000 --time-limit 600 --seed 7     # builds quill (debug) first
#   QUILL_BINARY=… Tools/search-chaos.sh --time-limit 60
set -euo pipefail
cd "$(dirname "$0")/.."
quill="${QUILL_BINARY:-}"
if [ -z "$quill" ]; then
    swift build --product quill >/dev/null
    quill="$(swift build --show-bin-path)/quill"
fi
exec python3 Tools/search_chaos.py --quill "$quill" "$@"
