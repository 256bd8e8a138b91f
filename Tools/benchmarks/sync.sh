#!/usr/bin/env bash
# Sync benchmarks (issue 5), release builds, loopback: builds `quill` and `quill-server` in release
# mode, then runs Tools/benchmarks/sync.py, which measures and writes the "Sync" section of
# docs/performance.md.   Usage: Tools/benchmarks/sync.sh [--skip-build]
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ "${1:-}" != "--skip-build" ]; then
  swift build -c release --product quill-server
  swift build -c release --product quill
fi
exec python3 Tools/benchmarks/sync.py "$(swift build -c release --show-bin-path)"
