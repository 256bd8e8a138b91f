#!/usr/bin/env bash
# docs/openapi.yaml as a new user takes it to another language: a Python client generated from
# it by openapi-python-client (from PyPI, pinned; a generator nobody here wrote) drives every note
# operation (create, get, list, search, replace, patch, delete, restore) against the real
# quill-server over its production SQLite store (Tools/python_client_test.py says what it checks).
# The generator must process every schema of the description: a schema it drops fails the run.
#
#   Tools/python-client-test.sh                         # builds quill-server (debug) first
#   QUILL_SERVER_BINARY=path Tools/python-client-test.sh
#
# The generator is installed into a venv under $QUILL_PYTHON_CLIENT_CACHE (default
# .cache/python-client-test, gitignored). The run is bounded by 180 seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
repository="$PWD"
. Tools/quill-server-port.sh

generator_version="0.29.1"
cache="${QUILL_PYTHON_CLIENT_CACHE:-$repository/.cache/python-client-test}"
venv="$cache/venv-openapi-python-client-$generator_version"
if ! "$venv/bin/openapi-python-client" --version >/dev/null 2>&1; then
    rm -rf "$venv"
    mkdir -p "$cache"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "openapi-python-client==$generator_version"
fi

binary="${QUILL_SERVER_BINARY:-}"
if [ -z "$binary" ]; then
    swift build --product quill-server >/dev/null
    binary="$(swift build --show-bin-path)/quill-server"
fi

scratch="$(mktemp -d)"
server=""
cleanup() {
    if [ -n "$server" ]; then kill -TERM "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true; fi
    rm -rf "$scratch"
}
trap cleanup EXIT

# Generate; a schema the generator cannot process is dropped with "Unable to process schema".
(cd "$scratch" && timeout 120 "$venv/bin/openapi-python-client" generate --path "$repository/docs/openapi.yaml" \
    --meta none --output-path quill_client >"$scratch/generate.log" 2>&1) || { cat "$scratch/generate.log" >&2; exit 1; }
if grep -q "Unable to process schema" "$scratch/generate.log"; then
    cat "$scratch/generate.log" >&2
    echo "python-client-test: openapi-python-client dropped a schema of docs/openapi.yaml" >&2
    exit 1
fi

token="$("$binary" account create ann --data-dir "$scratch/data" 2>/dev/null)"
"$binary" --data-dir "$scratch/data" --host 127.0.0.1 --port 0 2>"$scratch/server.log" &
server=$!
port="$(quill_server_port "$scratch/server.log" "$server")"

PYTHONPATH="$scratch" timeout 180 "$venv/bin/python" "$repository/Tools/python_client_test.py" "http://127.0.0.1:$port" "$token"
