#!/usr/bin/env bash
# The live-changes benchmark (see events_bench.py for what it measures): builds `quill-server` as
# the release tarball does, then writes the "Live changes" section of docs/performance.md. Run it
# under Tools/with-postgres.sh to measure the path from one PostgreSQL-backed server to another too.
#   Usage: [TMPDIR=DIR] [CHANGES=50] Tools/benchmarks/events.sh [--skip-build]
set -euo pipefail
cd "$(dirname "$0")/../.."
build=(swift build -c release --static-swift-stdlib --scratch-path .build/static)
if [ "${1:-}" != "--skip-build" ]; then
  "${build[@]}" --product quill-server
fi
bin="$("${build[@]}" --show-bin-path)"
cd Tools/benchmarks
exec python3 events_bench.py "$bin"
