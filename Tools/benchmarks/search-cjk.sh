#!/usr/bin/env bash
# Search on a corpus a tenth of which is Chinese, Japanese or Korean (Tools/benchmarks/search_cjk_bench.py
# says what it measures), with the static release build, and writes the section of docs/performance.md.
#
#   Tools/benchmarks/search-cjk.sh [--skip-build] [COUNT] [RUNS]      (TMPDIR: where the corpus goes)
set -euo pipefail
cd "$(dirname "$0")/../.."
build=(swift build -c release --static-swift-stdlib --scratch-path .build/static)
if [ "${1:-}" = "--skip-build" ]; then shift; else "${build[@]}" --product quill >&2; fi
exec python3 Tools/benchmarks/search_cjk_bench.py "$("${build[@]}" --show-bin-path)/quill" "$@"
