"""Watches everything a browser context does that a page of the web reader must never do: run a
script of a note's, load from anywhere but the server, open a dialog or a window, break a
Content-Security-Policy rule. Each of those is a finding; a test fails on any finding.

It is deliberately stricter than "the CSP held": a CSP violation means the page *tried* to run or
load something, so it is a finding too. Requests to any other origin are recorded and aborted, so
nothing leaves the machine even when the page is broken."""
import re
from urllib.parse import urlsplit

# Reported from the page through an exposed binding (bindings and init scripts are injected by the
# browser's debugging protocol, so the page's CSP does not apply to them).
_VIOLATION_LISTENER = """
document.addEventListener('securitypolicyviolation', (event) => {
    window.__quillGuardReport(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') +
        (event.sample ? ' (' + event.sample + ')' : ''));
}, true);
"""

# Chrome logs a main document or resource answered with an error status this way; it is not a
# script running. Tests that expect such a status (a 404 page) say so; any other is a finding.
_RESOURCE_STATUS = re.compile(r"^Failed to load resource: the server responded with a status of (\d+)")

MARKER = "quillx"


def origin_of(url):
    parts = urlsplit(url)
    return "%s://%s" % (parts.scheme, parts.netloc)


class PageGuard:
    """Attach to a fresh browser context before any page opens; read `findings` afterwards."""

    def __init__(self, context, base_url):
        self.context = context
        self.origin = origin_of(base_url)
        self.findings = []
        self.requests = []
        self.expected_statuses = set()
        self.offline_expected = False
        self._opening = False
        context.expose_binding("__quillGuardReport", lambda source, text: self._add("csp", text))
        context.add_init_script(_VIOLATION_LISTENER)
        context.route("**/*", self._route)
        context.on("page", self._page_opened)

    def _add(self, kind, detail):
        self.findings.append((kind, detail))

    def new_page(self):
        """A page of the test's own (any other page the context opens is a popup: a finding)."""
        self._opening = True
        try:
            return self.context.new_page()
        finally:
            self._opening = False

    def _page_opened(self, page):
        if not self._opening:
            self._add("popup", "a window was opened: %s" % page.url)
        page.on("dialog", self._dialog)
        page.on("console", self._console)
        page.on("pageerror", lambda error: self._add("pageerror", str(error)))
        page.on("websocket", lambda socket: self._add("websocket", socket.url))

    def _dialog(self, dialog):
        self._add("dialog", "%s(%r) on %s" % (dialog.type, dialog.message, dialog.page.url if dialog.page else "?"))
        dialog.dismiss()

    def _console(self, message):
        if message.type not in ("error", "warning"):
            return
        if self.offline_expected and "net::ERR_INTERNET_DISCONNECTED" in message.text:
            return
        # The context's own setting (TestSession.context blocks service workers), not the page.
        if message.text == "Service Worker registration blocked by Playwright":
            return
        status = _RESOURCE_STATUS.match(message.text)
        if status and int(status.group(1)) in self.expected_statuses:
            return
        self._add("console", "%s: %s" % (message.type, message.text))

    def _route(self, route):
        request = route.request
        url = request.url
        self.requests.append((request.resource_type, url))
        if url.startswith(("data:", "blob:", "about:")):
            route.continue_()
            return
        if origin_of(url) != self.origin:
            self._add("request", "%s %s to another origin (aborted)" % (request.resource_type, url))
            route.abort()
            return
        # The marker in the URL of a subresource or frame means a note's markup is loading something;
        # in a top-level navigation it is the test's own request (a hostile ?q=).
        top_level = request.is_navigation_request() and request.frame.parent_frame is None
        if request.resource_type in ("csp_report", "ping", "beacon") or (MARKER in url.lower() and not top_level):
            self._add("request", "%s %s" % (request.resource_type, url))
            route.abort()
            return
        route.continue_()

    def expect_status(self, status):
        """A test that visits a page answered with `status` on purpose (the 404 page)."""
        self.expected_statuses.add(status)

    def expect_offline(self):
        """A test that takes the browser offline on purpose: its failed loads are not findings."""
        self.offline_expected = True

    def take(self):
        """The findings so far, cleared."""
        findings, self.findings = self.findings, []
        return findings
