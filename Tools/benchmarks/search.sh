#!/usr/bin/env bash
# The search benchmark of issue 17 (see search_bench.py for what it measures). Builds this tree's
# quill and the baseline's (BASELINE_REF, default the commit before the index, in a scratch
# directory) as the release tarball does (Tools/release.sh: release mode, --static-swift-stdlib),
# then compares them. Writes docs/performance.md ("Search").
#
# Usage: Tools/benchmarks/search.sh [RUNS]      env: BASELINE_REF, OLD_QUILL (skip building the baseline),
#                                                    SKIP_BUILD=1 (use .build/static's quill as it is)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-7}
build=(swift build -c release --static-swift-stdlib)
if [[ -z "${SKIP_BUILD:-}" ]]; then "${build[@]}" --scratch-path .build/static --product quill; fi
new=$("${build[@]}" --scratch-path .build/static --show-bin-path)/quill
old=${OLD_QUILL:-}
if [[ -z "$old" ]]; then
    ref=${BASELINE_REF:-57f165d}
    scratch=${TMPDIR:-/tmp}/quill-search-baseline-$ref
    if [[ ! -x "$scratch/.build/release/quill" ]]; then
        rm -rf "$scratch" && mkdir -p "$scratch"
        git archive "$ref" | tar -x -C "$scratch"
        (cd "$scratch" && "${build[@]}" --product quill)
    fi
    old=$scratch/.build/release/quill
fi
exec python3 Tools/benchmarks/search_bench.py "$new" "$old" "$runs"
