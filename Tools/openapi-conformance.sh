#!/usr/bin/env bash
# Checks the running server against docs/openapi.yaml with schemathesis (from PyPI):
# starts `quill-server --preview` on 127.0.0.1 (a free port), fuzzes every operation, and
# fails on any 5xx or any response whose status, content type, headers or body the spec
# does not describe.
#
#   Tools/openapi-conformance.sh            # builds quill-server (debug) first
#   QUILL_SERVER_BINARY=path Tools/openapi-conformance.sh
#   MAX_EXAMPLES=200 Tools/openapi-conformance.sh
set -euo pipefail
cd "$(dirname "$0")/.."

schemathesis_version="4.32.5"
if ! command -v schemathesis >/dev/null 2>&1; then
    python3 -m pip install --quiet "schemathesis==$schemathesis_version"
fi

binary="${QUILL_SERVER_BINARY:-}"
if [ -z "$binary" ]; then
    swift build --product quill-server >/dev/null
    binary="$(swift build --show-bin-path)/quill-server"
fi

log="$(mktemp)"
"$binary" --preview --host 127.0.0.1 --port 0 --log-level notice 2>"$log" &
server=$!
trap 'kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; rm -f "$log"; rm -rf "${scratch:-}"' EXIT

port=""
for _ in $(seq 1 100); do
    port="$(sed -n 's/.*listening on http:\/\/127\.0\.0\.1:\([0-9]*\).*/\1/p' "$log" | head -n 1)"
    [ -n "$port" ] && break
    kill -0 "$server" 2>/dev/null || { cat "$log" >&2; exit 1; }
    sleep 0.1
done
[ -n "$port" ] || { echo "quill-server did not start" >&2; cat "$log" >&2; exit 1; }
token="$(sed -n 's/.*token \(quill_[0-9a-f]*_[A-Za-z0-9]*\).*/\1/p' "$log" | head -n 1)"

# Run from a scratch directory: schemathesis leaves a cache folder in its working directory.
spec="$PWD/docs/openapi.yaml"
scratch="$(mktemp -d)"
cd "$scratch"
schemathesis run "$spec" \
    --url "http://127.0.0.1:$port" \
    --header "Authorization: Bearer $token" \
    --checks not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance \
    --max-examples "${MAX_EXAMPLES:-50}" \
    --seed 1 \
    --generation-database none \
    --no-color
