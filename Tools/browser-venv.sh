# Sourced by the scripts that drive headless Chromium (Tools/browser-test.sh, Tools/oidc-test.sh):
# `browser_venv` prints the path of a venv holding the pinned Playwright for Python (PyPI; its own
# browser downloads are never used), axe-core for Playwright and feedparser, made on first use under
# $QUILL_BROWSER_TEST_CACHE (default .cache/browser-test, gitignored); `browser_test_binaries` sets
# `server` and `client` to the quill-server and quill under test ($QUILL_SERVER_BINARY and
# $QUILL_CLIENT_BINARY, the client beside the server, or built in debug).
playwright_version="1.65.2"
# axe-core (Deque's accessibility checks), as packaged for Playwright on PyPI with its axe.min.js;
# and feedparser, the feed parser many feed readers are built on, to read a published site's feed.
axe_version="0.1.8"
feedparser_version="6.0.11"

browser_venv() {
    local cache="${QUILL_BROWSER_TEST_CACHE:-$PWD/.cache/browser-test}"
    local venv="$cache/venv-playwright-$playwright_version-axe-$axe_version-feedparser-$feedparser_version"
    if ! "$venv/bin/python" -c "import playwright, axe_playwright_python, feedparser" 2>/dev/null; then
        rm -rf "$venv"
        mkdir -p "$cache"
        python3 -m venv "$venv" >&2
        "$venv/bin/pip" install --quiet --disable-pip-version-check "playwright==$playwright_version" \
            "axe-playwright-python==$axe_version" "feedparser==$feedparser_version" >&2
    fi
    echo "$venv"
}

browser_test_binaries() {
    server="${QUILL_SERVER_BINARY:-}"
    if [ -z "$server" ]; then
        swift build --product quill-server >/dev/null
        server="$(swift build --show-bin-path)/quill-server"
    fi
    client="${QUILL_CLIENT_BINARY:-$(dirname "$server")/quill}"
    if [ ! -x "$client" ]; then
        swift build --product quill >/dev/null
        client="$(swift build --show-bin-path)/quill"
    fi
}
