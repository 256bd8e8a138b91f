#!/usr/bin/env bash
# The first search after a vault arrives (Tools/benchmarks/first_search_bench.py says what it
# measures), with the static release build, and writes the section of docs/performance.md.
#
#   Tools/benchmarks/first-search.sh [--skip-build] [COUNT]      (TMPDIR: where the notes go)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=(swift build -c release --static-swift-stdlib --scratch-path .build/static)
if [ "${1:-}" = "--skip-build" ]; then shift; else "${build[@]}" --product quill >&2; fi
exec python3 Tools/benchmarks/first_search_bench.py "$("${build[@]}" --show-bin-path)/quill" "$@"
