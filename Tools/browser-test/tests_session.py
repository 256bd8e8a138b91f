"""Signing in and out, the session cookie, CSRF, and another account's notes."""
import time

from playwright.sync_api import expect

from reader_pages import session_cookie, sign_out
from registry import browser_test


@browser_test
def sign_in_and_cookie(session):
    """Sign in: a page needs a session; a wrong token is refused; the right one sets a strict cookie."""
    page, guard = session.page()
    page.goto(session.url("/"))
    expect(page).to_have_url(session.url("/login"))
    expect(page.get_by_label("API token")).to_have_attribute("type", "password")

    guard.expect_status(401)
    page.get_by_label("API token").fill("quill_0000000000000000_not-a-token")
    page.get_by_role("button", name="Sign in", exact=True).click()
    expect(page.get_by_role("alert")).to_be_visible()
    expect(page.get_by_label("API token")).to_be_visible()
    assert session_cookie(page.context) is None, "a wrong token opened a session"

    page.get_by_label("API token").fill(session.reader.token)
    page.get_by_role("button", name="Sign in", exact=True).click()
    expect(page).to_have_url(session.url("/"))
    cookie = session_cookie(page.context)
    assert cookie is not None, "no quill_session cookie after signing in"
    assert cookie["httpOnly"], cookie
    assert cookie["sameSite"] == "Strict", cookie
    assert not cookie["secure"], "Secure over plain HTTP without a trusted proxy: %s" % cookie
    assert cookie["path"] == "/", cookie
    hours_left = (cookie["expires"] - time.time()) / 3600
    assert 0 < hours_left <= 24, "the session cookie must expire (in hours, not never): %s" % cookie
    assert session.reader.token not in cookie["value"], "the cookie holds the API token itself"
    expect(page.locator("main")).to_be_visible()


@browser_test
def sign_out_revokes_the_session(session):
    """Sign out: back at /login, and the old cookie no longer opens anything (revoked on the server)."""
    page, _ = session.signed_in_page()
    cookie = session_cookie(page.context)
    sign_out(page)
    expect(page).to_have_url(session.url("/login?signed-out=1"))
    page.goto(session.url("/"))
    expect(page).to_have_url(session.url("/login"))

    replay, _ = session.page()
    replay.context.add_cookies([cookie])
    replay.goto(session.url("/"))
    expect(replay).to_have_url(session.url("/login"))


@browser_test
def forms_refuse_forged_posts(session):
    """CSRF: a POST with the session cookie but without the form's csrf field, or from another origin, is 403."""
    page, _ = session.signed_in_page()
    before = len(session.reader.live_notes())
    csrf = page.locator("input[name=csrf]").first.get_attribute("value")
    assert csrf, "the signed-in page has no csrf field"
    forged = page.request.post(session.url("/notes/new"), form={"title": "Forged", "body": "", "tags": ""},
                               max_redirects=0)
    assert forged.status == 403, "a POST without csrf answered %d" % forged.status
    wrong = page.request.post(session.url("/notes/new"), form={"title": "Forged", "body": "", "tags": "", "csrf": "x" + csrf},
                              max_redirects=0)
    assert wrong.status == 403, "a POST with a wrong csrf answered %d" % wrong.status
    elsewhere = page.request.post(session.url("/notes/new"), form={"title": "Forged", "body": "", "tags": "", "csrf": csrf},
                                  headers={"Origin": "https://evil.invalid"}, max_redirects=0)
    assert elsewhere.status == 403, "a POST from another origin answered %d" % elsewhere.status
    assert len(session.reader.live_notes()) == before, "a forged POST created a note"


@browser_test
def another_accounts_note_is_404(session):
    """Another account's note is 404 on every route, as in the API, and shows nothing of it."""
    secret = session.other.create("Other account's secret", "nobody else may read this", ["private"])
    page, guard = session.signed_in_page()
    csrf = page.locator("input[name=csrf]").first.get_attribute("value")
    guard.expect_status(404)
    for path in ("/notes/%s", "/notes/%s/edit", "/notes/%s/delete"):
        response = page.goto(session.url(path % secret["id"]))
        assert response.status == 404, "%s answered %d" % (path % secret["id"], response.status)
        shown = page.locator("body").inner_text()
        assert "secret" not in shown and "nobody else" not in shown, "the 404 page shows the other account's note"
    response = page.request.post(session.url("/notes/%s/delete" % secret["id"]),
                                 form={"revision": "1", "csrf": csrf},
                                 max_redirects=0)
    assert response.status == 404, "deleting another account's note answered %d" % response.status
    assert session.other.note(secret["id"]) is not None, "the other account's note was deleted"
