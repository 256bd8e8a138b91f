#!/usr/bin/env bash
# Sync benchmarks, release builds, loopback: builds `quill` and `quill-server` in release mode,
# then runs Tools/benchmarks/sync.py, which measures a first push, a first pull and one change at
# 10,000 and 100,000 notes beside `rsync -a` of the same files, and writes the "Sync" section of
# docs/performance.md. Run it in an existing directory, as users run quill (TMPDIR=~/somewhere);
# under Tools/with-postgres.sh it measures PostgreSQL too.  Needs rsync.
#   Usage: [TMPDIR=DIR] [SIZES="10000 100000"] [Tools/with-postgres.sh] Tools/benchmarks/sync.sh [--skip-build]
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "${1:-}" != "--skip-build" ]; then
  swift build -c release --product quill-server
  swift build -c release --product quill
fi
exec python3 Tools/benchmarks/sync.py "$(swift build -c release --show-bin-path)"
