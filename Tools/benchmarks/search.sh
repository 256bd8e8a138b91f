#!/usr/bin/env bash
# The search benchmark of issue 17 (see search_bench.py for what it measures). Builds this tree's
# quill in release mode and the baseline's (BASELINE_REF, default the commit before the index)
# into a scratch directory, then compares them. Writes docs/performance.md ("Search").
#
# Usage: Tools/benchmarks/search.sh [RUNS]      env: BASELINE_REF, OLD_QUILL (skip building the baseline),
#                                                    SKIP_BUILD=1 (use .build/release/quill as it is)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-7}
if [[ -z "${SKIP_BUILD:-}" ]]; then swift build -c release --product quill; fi
new=$(swift build -c release --show-bin-path)/quill
old=${OLD_QUILL:-}
if [[ -z "$old" ]]; then
    ref=${BASELINE_REF:-57f165d}
    scratch=${TMPDIR:-/tmp}/quill-search-baseline-$ref
    if [[ ! -x "$scratch/.build/release/quill" ]]; then
        rm -rf "$scratch" && mkdir -p "$scratch"
        git archive "$ref" | tar -x -C "$scratch"
        (cd "$scratch" && swift build -c release --product quill)
    fi
    old=$scratch/.build/release/quill
fi
exec python3 Tools/benchmarks/search_bench.py "$new" "$old" "$runs"
