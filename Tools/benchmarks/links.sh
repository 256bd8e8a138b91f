#!/usr/bin/env bash
# The links benchmark (docs/links.md; see links_bench.py for what it measures). Builds this tree's
# quill and the baseline's (BASELINE_REF, default the last commit before links, in a scratch
# directory) as the release tarball does (release mode, --static-swift-stdlib), then measures
# in $TMPDIR (an existing home directory's disk). Writes docs/performance.md ("Links").
#
# Usage: Tools/benchmarks/links.sh [RUNS]     env: BASELINE_REF, OLD_BIN (the baseline's bin directory: skip building it),
#                                                  SKIP_BUILD=1 (use .build/static's quill as it is)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-9}
build=(swift build -c release --static-swift-stdlib)
if [[ -z "${SKIP_BUILD:-}" ]]; then
    "${build[@]}" --scratch-path .build/static --product quill
fi
bin=$("${build[@]}" --scratch-path .build/static --show-bin-path)
old=${OLD_BIN:-}
if [[ -z "$old" ]]; then
    ref=${BASELINE_REF:-e7c4b36}
    scratch=${TMPDIR:-/tmp}/quill-links-baseline-$ref
    if [[ ! -x "$scratch/.build/release/quill" ]]; then
        rm -rf "$scratch" && mkdir -p "$scratch"
        git archive "$ref" | tar -x -C "$scratch"
        (cd "$scratch" && "${build[@]}" --product quill)
    fi
    old=$scratch/.build/release
fi
cd Tools/benchmarks && python3 links_bench.py "$bin/quill" "$old/quill" "$runs"
