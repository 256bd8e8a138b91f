#!/usr/bin/env bash
# `quill` on a disk that fills up (Tools/full_disk_test.py): a home on a small tmpfs pulls more
# than fits, then the disk grows and the pull finishes; `quill add` on a full disk. Needs root (to
# mount the tmpfs); elsewhere it says so and passes. Bounded by 180 seconds.
#
#   Tools/full-disk-test.sh                   # builds quill and quill-server (debug) first
#   QUILL_BINARY=… QUILL_SERVER_BINARY=… Tools/full-disk-test.sh [--seed N]
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
exec timeout 180 python3 Tools/full_disk_test.py --quill "$quill" --server "$server" "$@"
