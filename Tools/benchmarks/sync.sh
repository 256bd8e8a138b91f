#!/usr/bin/env bash
# Sync benchmarks, release builds, loopback: builds `quill` and `quill-server` as the release
# tarball ships them (static release builds),
# then runs Tools/benchmarks/sync.py, which measures a first push, a first pull and one change at
# 10,000 and 100,000 notes beside `rsync -a` of the same files, and writes the "Sync" section of
# docs/performance.md. Run it in an existing directory, as users run quill (TMPDIR=~/somewhere);
# under Tools/with-postgres.sh it measures PostgreSQL too.  Needs rsync.
#   Usage: [TMPDIR=DIR] [SIZES="10000 100000"] [Tools/with-postgres.sh] Tools/benchmarks/sync.sh [--skip-build]
set -euo pipefail
cd "$(dirname "$0")/../.."
build=(swift build -c release --static-swift-stdlib --scratch-path .build/static)
if [ "${1:-}" != "--skip-build" ]; then
  "${build[@]}" --product quill-server
  "${build[@]}" --product quill
fi
exec python3 Tools/benchmarks/sync.py "$("${build[@]}" --show-bin-path)"
