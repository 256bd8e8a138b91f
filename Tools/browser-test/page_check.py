"""One page visited and judged: everything its PageGuard saw while it loaded and settled, what its DOM
holds (dom_inspection), and whether its Content-Security-Policy header is strict. A hostile page is
visited twice, by `both_modes`: once with the server's CSP in force (so a violation shows that
something tried), once with the CSP bypassed (so whatever escaping let through actually runs or loads,
and is seen as a dialog or a request)."""
from urllib.parse import unquote

from playwright.sync_api import Error as PlaywrightError

from dom_inspection import inspect_dom
from page_guard import MARKER

SETTLE_MS = 120  # after `load`: time for an onerror, a refresh, a late request to show themselves
MODES = ("csp", "bypass")


def visit_and_check(page, guard, url):
    """Findings of loading `url` in `page` (a list of (kind, detail), empty when clean)."""
    findings = []
    try:
        response = page.goto(url, wait_until="load")
        page.wait_for_timeout(SETTLE_MS)
        if response is not None:
            findings += [("header", problem) for problem in csp_problems(response.headers.get("content-security-policy"))]
        if unquote(page.url) != unquote(url):
            findings.append(("navigation", "the page went on to %s" % page.url))
        findings += inspect_dom(page, guard.origin, MARKER)
    except PlaywrightError as error:
        findings.append(("navigation", "loading or reading the page failed: %s" % str(error).splitlines()[0]))
    return findings + guard.take()


def csp_problems(header):
    """What makes a Content-Security-Policy less than strict for scripts, frames, plugins and the base URI."""
    if not header:
        return ["no Content-Security-Policy header"]
    directives = {}
    for part in header.split(";"):
        words = part.split()
        if words:
            directives.setdefault(words[0].lower(), [word.lower() for word in words[1:]])
    problems = []
    default = directives.get("default-src")
    for name in ("script-src", "object-src", "frame-src", "connect-src", "img-src", "style-src", "font-src", "media-src"):
        sources = directives.get(name, default)
        if sources is None:
            problems.append("%s is not restricted (no default-src either)" % name)
            continue
        loose = [source for source in sources if source in ("*", "'unsafe-inline'", "'unsafe-eval'", "data:", "http:", "https:", "blob:")
                 or (source not in ("'self'", "'none'") and not source.startswith(("'nonce-", "'sha")))]
        if loose:
            problems.append("%s allows %s" % (name, " ".join(loose)))
    if directives.get("base-uri") not in (["'none'"], ["'self'"]):
        problems.append("base-uri is not 'none' or 'self'")
    if "form-action" not in directives:
        problems.append("form-action is not restricted")
    return problems


def with_url(url, findings):
    return [(kind, "%s: %s" % (url, detail)) for kind, detail in findings]
