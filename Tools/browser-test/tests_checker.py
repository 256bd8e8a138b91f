"""The checker checked: a clean note page passes it, and the same page with each hostile payload put
in raw (what a page would hold if escaping failed), served with the server's own headers, fails it,
in both modes. It runs first: when it fails, a pass of the hostile tests would mean nothing."""
from hostile_notes import PAYLOADS
from page_check import MODES, visit_and_check
from registry import browser_test

# Which of the checker's senses must catch these, per mode (the DOM reading catches all of them):
# the CSP's violation reports with the CSP in force, the dialog or the request without it.
MECHANISMS = {
    "inline script": {"csp": {"dom", "csp"}, "bypass": {"dom", "dialog"}},
    "img onerror": {"csp": {"dom", "csp"}, "bypass": {"dom", "dialog", "request"}},
    "images from elsewhere": {"csp": {"dom", "csp"}, "bypass": {"dom", "request"}},
    "meta refresh": {"csp": {"request"}, "bypass": {"request"}},
}
_DROPPED_HEADERS = ("content-length", "content-encoding", "transfer-encoding")


def _fulfiller(headers, body):
    """A route handler answering 200 with these headers and body (Playwright passes a handler
    taking two parameters the request as the second, so the body cannot be a default argument)."""
    return lambda route: route.fulfill(status=200, headers=headers, body=body)


def _with_markup(html, markup):
    assert "</main>" in html, "the note page has no <main> to put the payload in"
    return html.replace("</main>", markup + "</main>", 1)


@browser_test
def checker_catches_every_payload_left_unescaped(session):
    """Self-test: the checker passes a clean note page and fails it with any payload inserted raw."""
    benign = session.hostile.create("A benign note", "Just *text* and a [link](https://example.com).", ["plain"])
    note_url = session.url("/notes/" + benign["id"])
    for mode in MODES:
        page, guard = session.signed_in_page(token=session.hostile.token, bypass_csp=(mode == "bypass"))
        clean = visit_and_check(page, guard, note_url)
        assert clean == [], "[%s] the checker fails a clean note page:\n%s" % (mode, "\n".join(map(str, clean)))
        original = page.request.get(note_url)
        headers = {name: value for name, value in original.headers.items() if name.lower() not in _DROPPED_HEADERS}
        html = original.text()
        for index, payload in enumerate(PAYLOADS):
            target = "%s?checker-self-test=%d" % (note_url, index)
            body = _with_markup(html, payload.as_markup)
            # A page of its own per payload: a refresh or a late request cannot spill into the next one.
            payload_page = guard.new_page()
            payload_page.route(lambda url, target=target: url == target, _fulfiller(headers, body))
            findings = visit_and_check(payload_page, guard, target)
            payload_page.close()
            findings += guard.take()  # whatever it did until closed is this payload's too
            kinds = {kind for kind, _ in findings}
            assert findings, "[%s] the checker misses %s: %s" % (mode, payload.name, payload.as_markup)
            missing = MECHANISMS.get(payload.name, {}).get(mode, set()) - kinds
            assert not missing, "[%s] %s was caught by %s but not by %s:\n%s" % (
                mode, payload.name, sorted(kinds), sorted(missing), "\n".join(map(str, findings)))
