#!/usr/bin/env bash
# Measures what stripping costs and saves: the release binaries as linked and as Tools/release.sh
# ships them (`strip --strip-all`, symbols in a file of their own), and writes the "Download size"
# section of docs/performance.md.
#
#   Tools/benchmarks/release-size.sh [--skip-build]     (needs wrk: apt-get install -y wrk)
#   RUNS=5 DURATION=10s Tools/benchmarks/release-size.sh
#
# From the static release build (`swift build -c release --static-swift-stdlib --scratch-path
# .build/static`, what release.sh builds), in one run:
#   1. the size of each binary, linked and stripped, and of the gzip'd pair (what the tarball holds);
#   2. start-up: `--version` of each binary, linked and stripped alternated, 31 times each (median);
#   3. GET /v1/notes/{id} req/s with wrk (64 connections), the linked and the stripped quill-server
#      alternated RUNS times on the same data directory (medians).
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$repo"

DURATION="${DURATION:-10s}"
RUNS="${RUNS:-3}"
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
build=(swift build -c release --static-swift-stdlib --scratch-path .build/static)
if [ "${1:-}" != "--skip-build" ]; then
    for product in quill quill-server; do "${build[@]}" --product "$product" >&2; done
fi
bin="$("${build[@]}" --show-bin-path)"

work="$(mktemp -d)"
server=""
trap '[ -n "$server" ] && { kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; }; rm -rf "$work"' EXIT
mkdir -p "$work/linked" "$work/stripped"
for command in quill quill-server; do
    cp "$bin/$command" "$work/linked/$command"
    Tools/strip-binary.sh "$bin/$command" "$work/stripped/$command" "$work/stripped"
done
mb() { python3 -c "print(f'{$1 / 1e6:.0f}')"; }
size() { stat -c %s "$1"; }
packed() { tar -C "$1" -cf - quill quill-server | gzip -6 | wc -c; }
median() { python3 -c "import statistics, sys; print(f'{statistics.median(map(float, sys.argv[2:])):.{int(sys.argv[1])}f}')" "$@"; }

echo "1. sizes..." >&2
linked_pack="$(packed "$work/linked")"; stripped_pack="$(packed "$work/stripped")"

echo "2. start-up (31 alternated runs of --version each)..." >&2
startup() { # BINARY: milliseconds of one `--version`
    local start end
    start="$(date +%s%N)"; "$1" --version >/dev/null; end="$(date +%s%N)"
    python3 -c "print(($end - $start) / 1e6)"
}
declare -A runs
for _ in $(seq 1 31); do
    for kind in linked stripped; do
        for command in quill quill-server; do runs[$kind-$command]+="$(startup "$work/$kind/$command") "; done
    done
done
start_ms() { python3 -c "import statistics, sys; print(f'{statistics.median(map(float, sys.argv[1:])):.1f}')" ${runs[$1]}; }

echo "3. GET /v1/notes/{id} ($RUNS alternated runs of $DURATION each)..." >&2
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()'; }
token="$("$work/linked/quill-server" account create bench --data-dir "$work/data" 2>/dev/null)"
serve() { # KIND: starts that quill-server on the data directory; sets $server and $base
    local port
    port="$(free_port)"
    "$work/$1/quill-server" --port "$port" --data-dir "$work/data" 2>"$work/server.log" &
    server=$!
    for _ in $(seq 1 300); do grep -q "listening on" "$work/server.log" && break; sleep 0.1; done
    base="http://127.0.0.1:$port"
}
stop() { kill -TERM "$server"; wait "$server" 2>/dev/null || true; server=""; }
serve linked
curl -fsS -X POST -H "Authorization: Bearer $token" -H 'Content-Type: application/json' \
    -d "{\"title\":\"Benchmark note\",\"body\":\"$(printf 'Some text. %.0s' $(seq 1 180))\"}" "$base/v1/notes" >"$work/note.json"
note="$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["id"])' "$work/note.json")"
stop
rps() { sed -n 's/^Requests\/sec: *\([0-9.]*\).*/\1/p'; }
linked_rps=(); stripped_rps=()
for _ in $(seq 1 "$RUNS"); do
    for kind in linked stripped; do
        serve "$kind"
        wrk -t2 -c64 -d2s -H "Authorization: Bearer $token" "$base/v1/notes/$note" >/dev/null
        measured="$(wrk -t2 -c64 -d"$DURATION" -H "Authorization: Bearer $token" "$base/v1/notes/$note" | rps)"
        if [ "$kind" = linked ]; then linked_rps+=("$measured"); else stripped_rps+=("$measured"); fi
        stop
    done
done

echo "   req/s, linked: ${linked_rps[*]}; stripped: ${stripped_rps[*]}" >&2
load="$(cut -d' ' -f1-3 /proc/loadavg)"
section="$work/section.md"
cat >"$section" <<MD
Measured by \`Tools/benchmarks/release-size.sh\` on $(date -u +%F) (commit $(git rev-parse --short HEAD), $(nproc) cores,
load average $load): the static release build as linked and as \`Tools/release.sh\` ships it
(\`strip --strip-all\`, the symbols in \`quill-<version>-linux-<arch>-debug.tar.gz\`).

| | linked | stripped (shipped) |
|---|---|---|
| \`quill\` | $(mb "$(size "$work/linked/quill")") MB | $(mb "$(size "$work/stripped/quill")") MB |
| \`quill-server\` | $(mb "$(size "$work/linked/quill-server")") MB | $(mb "$(size "$work/stripped/quill-server")") MB |
| both, gzip'd (the tarball's bulk) | $(mb "$linked_pack") MB | $(mb "$stripped_pack") MB |
| symbols (\`.debug\` files, both) | — | $(mb "$(($(size "$work/stripped/quill.debug") + $(size "$work/stripped/quill-server.debug")))") MB |
| \`quill --version\`, median of 31 | $(start_ms linked-quill) ms | $(start_ms stripped-quill) ms |
| \`quill-server --version\`, median of 31 | $(start_ms linked-quill-server) ms | $(start_ms stripped-quill-server) ms |
| GET /v1/notes/{id}, 64 connections, median of $RUNS × $DURATION | $(median 0 "${linked_rps[@]}") req/s | $(median 0 "${stripped_rps[@]}") req/s |

Stripping removes the symbol table and DWARF, which the running program never reads: the code
and data loaded are the same, so start-up and throughput stay within the noise of this shared
machine. What remains is mostly code and read-only data linked in by \`--static-swift-stdlib\`:
Foundation with ICU's data (34 MB in each binary), SwiftNIO and BoringSSL.
MD
python3 "$repo/Tools/benchmarks/performance_section.py" release-size "Download size (\`Tools/benchmarks/release-size.sh\`)" "$section"
cat "$section"
