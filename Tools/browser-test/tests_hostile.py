"""Hostile notes and hostile requests: every page that shows them runs no script, opens no dialog,
logs no error, loads nothing from elsewhere and holds no markup that could, with the CSP in force
and with it bypassed (page_check). And the text is shown, escaped, not silently dropped."""
import re
from urllib.parse import quote

from playwright.sync_api import expect

from dom_inspection import inspect_dom
from hostile_notes import PAYLOADS, REFLECTED_QUERIES
from page_check import MODES, visit_and_check, with_url
from page_guard import MARKER
from reader_pages import heading
from registry import browser_test


def _report(findings):
    return "the hostile pages did what they must never do:\n" + "\n".join("  [%s] %s" % finding for finding in findings)


@browser_test
def hostile_notes_run_no_script_and_load_nothing(session):
    """Hostile notes (title, raw HTML, Markdown, tags): list, note, edit, delete and conflict pages stay inert, text intact."""
    notes = [(payload, session.hostile.create(payload.title, payload.body, payload.tags)) for payload in PAYLOADS]
    session.rng.shuffle(notes)
    findings, text_problems = [], []
    for mode in MODES:
        page, guard = session.signed_in_page(token=session.hostile.token, bypass_csp=(mode == "bypass"))
        lists = ["/", "/?q=QUILLX"] + ["/?tag=" + quote(tag, safe="") for _, note in notes for tag in note["tags"]]
        for path in lists:
            findings += with_url("[%s] %s" % (mode, path), visit_and_check(page, guard, session.url(path)))
        for payload, note in notes:
            marker = re.search(r"QUILLX\d\d", payload.title + payload.body).group(0)
            view = session.url("/notes/" + note["id"])
            findings += with_url("[%s] %s" % (mode, payload.name), visit_and_check(page, guard, view))
            if heading(page) != note["title"]:
                text_problems.append("%s: the heading shows %r, not the title %r" % (payload.name, heading(page), note["title"]))
            if marker not in page.locator("main").inner_text():
                text_problems.append("%s: the note's page does not show %s as text" % (payload.name, marker))
            findings += with_url("[%s] %s, edit" % (mode, payload.name), visit_and_check(page, guard, view + "/edit"))
            if page.get_by_label("Title").input_value() != note["title"]:
                text_problems.append("%s: the edit form's title is %r" % (payload.name, page.get_by_label("Title").input_value()))
            if page.get_by_label("Body (Markdown)").input_value() != note["body"]:
                text_problems.append("%s: the edit form's body is %r" % (payload.name, page.get_by_label("Body (Markdown)").input_value()))
            findings += with_url("[%s] %s, delete" % (mode, payload.name), visit_and_check(page, guard, view + "/delete"))
        findings += with_url("[%s] conflict page" % mode, _conflict_findings(session, page, guard))
    assert not findings, _report(findings)
    assert not text_problems, "hostile text was not shown as written:\n" + "\n".join(text_problems)


def _conflict_findings(session, page, guard):
    """The 409 page, which shows two versions at once: the server's and yours, both every payload."""
    everything = "\n\n".join(payload.body for payload in PAYLOADS)
    note = session.hostile.create("A conflict of hostile versions", "the start")
    guard.expect_status(409)
    page.goto(session.url("/notes/%s/edit" % note["id"]))
    current = session.hostile.note(note["id"])
    session.hostile.replace(note["id"], current["revision"], current["title"], everything + "\n\nserver", current["tags"])
    page.get_by_label("Body (Markdown)").fill(everything + "\n\nmine")
    with page.expect_response(lambda response: response.request.method == "POST") as answer:
        page.get_by_role("button", name="Save", exact=True).click()
    page.wait_for_load_state("load")
    page.wait_for_timeout(120)
    findings = inspect_dom(page, guard.origin, MARKER) + guard.take()
    if answer.value.status != 409:
        findings.append(("conflict", "a stale edit answered %d, not 409" % answer.value.status))
    return findings


@browser_test
def hostile_requests_are_not_reflected_as_markup(session):
    """Reflection: hostile ?q=, ?tag=, ?after=, note IDs, search box input and tokens come back inert."""
    findings = []
    for mode in MODES:
        page, guard = session.signed_in_page(bypass_csp=(mode == "bypass"))
        guard.expect_status(400)
        guard.expect_status(404)
        for path in REFLECTED_QUERIES + ["/notes/%3Cscript%3Ealert('QUILLX24')%3C%2Fscript%3E",
                                         "/notes/quillx25%22%3E%3Csvg%20onload%3Dalert(1)%3E/edit"]:
            findings += with_url("[%s] %s" % (mode, path), visit_and_check(page, guard, session.url(path)))
        page.goto(session.url("/"))
        page.get_by_label("Search notes").fill("\"><script>alert('QUILLX26')</script>")
        page.get_by_label("Search notes").press("Enter")
        page.wait_for_load_state("load")
        findings += with_url("[%s] search box" % mode, visit_and_check(page, guard, page.url))
        expect(page.get_by_label("Search notes")).to_have_value("\"><script>alert('QUILLX26')</script>")

        signed_out, guard = session.page(bypass_csp=(mode == "bypass"))
        guard.expect_status(401)
        signed_out.goto(session.url("/login"))
        signed_out.get_by_label("API token").fill("\"><script>alert('QUILLX27')</script>")
        signed_out.get_by_role("button", name="Sign in", exact=True).click()
        signed_out.wait_for_load_state("load")
        signed_out.wait_for_timeout(120)
        findings += with_url("[%s] sign-in error" % mode, inspect_dom(signed_out, guard.origin, MARKER) + guard.take())
    assert not findings, _report(findings)
