#!/usr/bin/env bash
# The history benchmark (docs/history.md; see history_bench.py and history_overhead.py for what
# they measure). Builds this tree's quill, quill-server and bare-hummingbird-benchmark and the
# baseline's quill and quill-server (BASELINE_REF, default the last commit before history, in a
# scratch directory) as the release tarball does (Tools/release.sh: release mode,
# --static-swift-stdlib), then measures. Writes docs/performance.md ("History", and "History
# beside the previous release": reads against a bare Hummingbird app, the first sync).
# Run it under Tools/with-postgres.sh to measure the PostgreSQL store too.
#
# Usage: Tools/benchmarks/history.sh [RUNS]     env: BASELINE_REF, OLD_BIN (the baseline's bin directory: skip building it),
#                                                    SKIP_BUILD=1 (use .build/static's binaries as they are),
#                                                    TMPDIR (where the stores go: an existing home directory's disk)
set -euo pipefail
cd "$(dirname "$0")/../.."
runs=${1:-7}
build=(swift build -c release --static-swift-stdlib)
if [[ -z "${SKIP_BUILD:-}" ]]; then
    "${build[@]}" --scratch-path .build/static --product quill
    "${build[@]}" --scratch-path .build/static --product quill-server
    "${build[@]}" --scratch-path .build/static --product bare-hummingbird-benchmark
fi
bin=$("${build[@]}" --scratch-path .build/static --show-bin-path)
old=${OLD_BIN:-}
if [[ -z "$old" ]]; then
    ref=${BASELINE_REF:-09f876e}
    scratch=${TMPDIR:-/tmp}/quill-history-baseline-$ref
    if [[ ! -x "$scratch/.build/release/quill-server" ]]; then
        rm -rf "$scratch" && mkdir -p "$scratch"
        git archive "$ref" | tar -x -C "$scratch"
        (cd "$scratch" && "${build[@]}" --product quill && "${build[@]}" --product quill-server)
    fi
    old=$scratch/.build/release
fi
python3 Tools/benchmarks/history_bench.py "$bin/quill" "$bin/quill-server" "$old/quill" "$runs"
(cd Tools/benchmarks && python3 history_overhead.py "$bin" "$old" "$bin/bare-hummingbird-benchmark" "$runs")
