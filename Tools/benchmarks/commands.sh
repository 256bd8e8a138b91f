#!/usr/bin/env bash
# The commands benchmark (see commands_bench.py for what it measures): each command that shows a
# few things of a store, at 10,000 and 100,000 notes, against the release before on the same
# store. Builds this tree's quill and the baseline's (BASELINE_REF, in a scratch directory) as the
# release tarball does (release mode, --static-swift-stdlib), then measures in $TMPDIR (an
# existing home directory's disk). Writes docs/performance.md ("Commands at every size").
#
# Usage: Tools/benchmarks/commands.sh [RUNS]     env: BASELINE_REF, OLD_BIN (the baseline's bin directory: skip building it),
#                                                     SKIP_BUILD=1 (use .build/static's quill as it is)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-7}
build=(swift build -c release --static-swift-stdlib)
if [[ -z "${SKIP_BUILD:-}" ]]; then
    "${build[@]}" --scratch-path .build/static --product quill
fi
bin=$("${build[@]}" --scratch-path .build/static --show-bin-path)
export BASELINE_REF=${BASELINE_REF:-afb5e76}
old=${OLD_BIN:-}
if [[ -z "$old" ]]; then
    scratch=${TMPDIR:-/tmp}/quill-commands-baseline-$BASELINE_REF
    if [[ ! -x "$scratch/.build/release/quill" ]]; then
        rm -rf "$scratch" && mkdir -p "$scratch"
        git archive "$BASELINE_REF" | tar -x -C "$scratch"
        (cd "$scratch" && "${build[@]}" --product quill)
    fi
    old=$scratch/.build/release
fi
cd Tools/benchmarks && python3 commands_bench.py "$bin/quill" "$runs" "$old/quill"
