#!/usr/bin/env bash
# The Evernote import benchmark (see enex_bench.py for what it measures): builds `quill` as the
# release tarball does, then writes the "Importing an Evernote export" section of
# docs/performance.md. Needs xmllint (Debian: libxml2-utils). Run it in an existing directory,
# as users run quill (TMPDIR=~/somewhere).
#   Usage: [TMPDIR=DIR] [SIZE_MIB=1024] [RUNS=3] [SEED=1] Tools/benchmarks/enex.sh [--skip-build]
set -euo pipefail
cd "$(dirname "$0")/../.."
command -v xmllint > /dev/null || { echo "enex.sh needs xmllint (apt-get install libxml2-utils)" >&2; exit 2; }
build=(swift build -c release --static-swift-stdlib --scratch-path .build/static)
if [ "${1:-}" != "--skip-build" ]; then
  "${build[@]}" --product quill
fi
bin="$("${build[@]}" --show-bin-path)"
exec python3 Tools/benchmarks/enex_bench.py "$bin/quill"
