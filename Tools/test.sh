#!/usr/bin/env bash
# The whole test suite, as CI runs it: the dependency rule, the generated API client being current,
# every Swift test of the package
# (against a throwaway PostgreSQL cluster when PostgreSQL is installed; see Tools/with-postgres.sh),
# then the running quill-server checked against docs/openapi.yaml and fuzzed statefully over SQLite
# and PostgreSQL (Tools/openapi-conformance.sh; QUILL_FUZZ_EXAMPLES=N for a longer fuzz), the curl
# walkthrough of docs/server.md (Tools/curl-walkthrough-test.sh), the web reader in headless Chromium
# (Tools/browser-test.sh), sign-in through a real OpenID provider (Tools/oidc-test.sh), the nginx TLS proxy of docs/deploy.md
# (Tools/tls-proxy-test.sh), `quill edit` on a real terminal
# (Tools/pty-editor-test.sh), `quill mcp` under the official MCP Python SDK (Tools/mcp-client-test.sh), the real-process sync chaos test (Tools/chaos.sh), a home and a server on
# disks that fill up (Tools/full_disk_test.py) and the search index's crash test (Tools/search-chaos.sh),
# then the release tarball deployed and synced through (Tools/deploy-test.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
Tools/dependency-rule.sh check
swift test --package-path Tools/DependencyRule
# The committed client of docs/openapi.yaml is what apple/swift-openapi-generator writes from it
# (GeneratedClientTests, among the Swift tests, drives it against a real quill-server).
Tools/openapi-client.sh check

log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if [ -x Tools/with-postgres.sh ] && Tools/with-postgres.sh --available; then
  Tools/with-postgres.sh swift test 2>&1 | tee "$log"
else
  echo "note: PostgreSQL is not installed here; the PostgreSQL tests will be skipped" >&2
  swift test 2>&1 | tee "$log"
fi

# `swift test` built quill-server too; check that binary rather than building again. The fuzz's
# seed is fixed here so that a CI run can be replayed exactly and does not fail at random on a
# case no one has seen; run Tools/openapi-conformance.sh alone (a new seed each run) to explore.
QUILL_FUZZ_SEED="${QUILL_FUZZ_SEED:-20261123}" QUILL_SERVER_BINARY="$(swift build --show-bin-path)/quill-server" \
    Tools/openapi-conformance.sh
QUILL_SERVER_BINARY="$(swift build --show-bin-path)/quill-server" Tools/curl-walkthrough-test.sh

# A Python client generated from docs/openapi.yaml by openapi-python-client drives every note operation.
QUILL_SERVER_BINARY="$(swift build --show-bin-path)/quill-server" Tools/python-client-test.sh

# The web reader in headless Chromium driven by Playwright (docs/web.md), about a minute.
QUILL_SERVER_BINARY="$(swift build --show-bin-path)/quill-server" Tools/browser-test.sh

# Sign-in through a real OpenID provider (Debian's Glewlwyd) in headless Chromium, with quill's device login.
QUILL_SERVER_BINARY="$(swift build --show-bin-path)/quill-server" Tools/oidc-test.sh

# docs/deploy.md's nginx block terminating TLS (throwaway CA) in front of quill-server, synced through.
QUILL_BINARY="$(swift build --show-bin-path)/quill" QUILL_SERVER_BINARY="$(swift build --show-bin-path)/quill-server" \
    Tools/tls-proxy-test.sh

# `quill edit` with vim on a real pseudo-terminal (tmux), with the quill `swift test` built.
QUILL_BINARY="$(swift build --show-bin-path)/quill" Tools/pty-editor-test.sh

# `quill mcp` driven by the official MCP Python SDK over standard input and output.
QUILL_BINARY="$(swift build --show-bin-path)/quill" Tools/mcp-client-test.sh

# Sync with real processes SIGKILLed at random, about 90 s (Tools/chaos.sh --rounds N runs longer).
QUILL_BINARY="$(swift build --show-bin-path)/quill" QUILL_SERVER_BINARY="$(swift build --show-bin-path)/quill-server" \
    Tools/chaos.sh --rounds 400 --time-limit 90 --seed "${QUILL_CHAOS_SEED:-2026}"

# A home on a disk that fills up mid-pull, then a server on one that fills up mid-push; each then grows (small tmpfs; needs root, as CI is).
timeout 300 python3 Tools/full_disk_test.py --quill "$(swift build --show-bin-path)/quill" \
    --server "$(swift build --show-bin-path)/quill-server"

# The search index with real `quill` processes SIGKILLed at random, at most 60 s
# (Tools/search-chaos.sh --rounds N --time-limit S --seed S runs longer).
QUILL_BINARY="$(swift build --show-bin-path)/quill" \
    Tools/search-chaos.sh --rounds 400 --time-limit 60 --seed "${QUILL_SEARCH_CHAOS_SEED:-2026}"

# The release tarball installed and run as docs/deploy.md says (debug build: same contents, faster).
Tools/deploy-test.sh

# Repeat the Swift Testing summary so it is the last word of the run.
grep -E "Test run with [0-9]+ tests" "$log" | tail -n 1
