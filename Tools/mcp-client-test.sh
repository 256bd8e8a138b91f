#!/usr/bin/env bash
# `quill mcp` driven by a real MCP client not written here: the official Python SDK (`mcp` from
# PyPI, pinned), over standard input and output, against the real `quill` binary on a fresh
# store (Tools/mcp_client_test.py says what it checks).
#
#   Tools/mcp-client-test.sh                      # builds quill (debug) first
#   QUILL_BINARY=path Tools/mcp-client-test.sh
#
# The SDK is installed into a venv under $QUILL_MCP_TEST_CACHE (default .cache/mcp-client-test,
# gitignored). The run is bounded by 120 seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
repository="$PWD"

mcp_version="2.3.0"
cache="${QUILL_MCP_TEST_CACHE:-$repository/.cache/mcp-client-test}"
venv="$cache/venv-mcp-$mcp_version"
if ! "$venv/bin/python" -c "import mcp" 2>/dev/null; then
    rm -rf "$venv"
    mkdir -p "$cache"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "mcp==$mcp_version"
fi

binary="${QUILL_BINARY:-}"
if [ -z "$binary" ]; then
    swift build --product quill >/dev/null
    binary="$(swift build --show-bin-path)/quill"
fi
timeout 120 "$venv/bin/python" "$repository/Tools/mcp_client_test.py" "$binary"
