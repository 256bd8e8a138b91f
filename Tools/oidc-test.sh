#!/usr/bin/env bash
# Sign-in through a real OpenID provider (docs/signin.md), as people do it: Debian's Glewlwyd on
# loopback, provisioned over its admin REST API (Tools/oidc-test/glewlwyd.py), the real
# quill-server over SQLite with --public-url and --oidc-*, headless Chromium driven by Playwright,
# and the real quill. In order: quill-server refuses to start while the provider is down; a person
# of an allowed group signs in and gets an account; a person not allowed is refused; quill's
# device login is approved in a browser signed in through the provider; signing out ends the
# provider's session too; the provider's key is rotated while sessions live; with the provider
# down the sign-in page says so and a token still signs in. About 40 s, bounded by
# QUILL_OIDC_TEST_TIMEOUT seconds (default 240).
#
#   QUILL_SERVER_BINARY=path QUILL_CLIENT_BINARY=path Tools/oidc-test.sh   # as Tools/test.sh runs it
#   Tools/oidc-test.sh                                                     # builds both (debug) first
set -euo pipefail
cd "$(dirname "$0")/.."
repository="$PWD"

for tool in glewlwyd openssl python3; do
    command -v "$tool" >/dev/null || { echo "oidc-test: needs $tool (apt-get install -y glewlwyd openssl python3-venv)" >&2; exit 1; }
done
chromium="${QUILL_CHROMIUM:-/usr/bin/chromium}"
[ -x "$chromium" ] || { echo "oidc-test: needs Chromium at $chromium (apt-get install -y chromium)" >&2; exit 1; }
. Tools/browser-venv.sh
venv="$(browser_venv)"

browser_test_binaries

scratch="$(mktemp -d "${TMPDIR:-/tmp}/quill-oidc-test.XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
mkdir -p "$scratch/no-browsers"
PLAYWRIGHT_BROWSERS_PATH="$scratch/no-browsers" PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 \
QUILL_SERVER_BINARY="$server" QUILL_CLIENT_BINARY="$client" QUILL_CHROMIUM="$chromium" TMPDIR="$scratch" \
    timeout --kill-after=10 "${QUILL_OIDC_TEST_TIMEOUT:-240}" "$venv/bin/python" "$repository/Tools/oidc-test/run.py"
