#!/usr/bin/env bash
# Attachment benchmarks (see attachments_bench.py for what they measure): builds `quill` and
# `quill-server` as the release tarball does, then measures one big attachment against curl and
# nginx, and many small ones against rsync, and writes the "Attachments" section of
# docs/performance.md. Run it in an existing directory, as users run quill (TMPDIR=~/somewhere).
# Needs nginx (with its WebDAV module, as Debian's), curl and rsync.
#   Usage: [TMPDIR=DIR] [BIG_MIB=1024] [SMALL_COUNT=10000] Tools/benchmarks/attachments.sh [--skip-build]
set -euo pipefail
cd "$(dirname "$0")/../.."
build=(swift build -c release --static-swift-stdlib --scratch-path .build/static)
if [ "${1:-}" != "--skip-build" ]; then
  "${build[@]}" --product quill-server
  "${build[@]}" --product quill
fi
bin="$("${build[@]}" --show-bin-path)"
cd Tools/benchmarks
exec python3 attachments_bench.py "$bin"
