#!/usr/bin/env bash
# The `quill sync --watch` benchmark (see watch_bench.py for what it measures): builds `quill` and
# `quill-server` as the release tarball does, then writes the "Watching" section of
# docs/performance.md. Run it in an existing directory, as users run quill (TMPDIR=~/somewhere).
#   Usage: [TMPDIR=DIR] [CHANGES=30] [IDLE_SECONDS=60] Tools/benchmarks/watch.sh [--skip-build]
set -euo pipefail
cd "$(dirname "$0")/../.."
build=(swift build -c release --static-swift-stdlib --scratch-path .build/static)
if [ "${1:-}" != "--skip-build" ]; then
  "${build[@]}" --product quill-server
  "${build[@]}" --product quill
fi
bin="$("${build[@]}" --show-bin-path)"
cd Tools/benchmarks
exec python3 watch_bench.py "$bin"
