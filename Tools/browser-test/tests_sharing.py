"""Sharing: a note shared from its page is read by someone signed out, on a phone and in dark mode, with its
picture, and nothing of the account; a one-view link asks first and is gone after; a revoked link is gone; a
published site is browsed and its feed read by feedparser; axe-core finds no accessibility violation on any of
these pages."""
import re

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from reader_pages import heading
from registry import browser_test
from test_session import PHONE
from tests_attachments import RED_PNG

AXE = Axe()


def assert_accessible(page, what):
    """axe-core's checks of the page as shown (run through the DevTools protocol, so the page's CSP stays in force)."""
    results = AXE.run(page)
    violations = results.response["violations"]
    assert not violations, "%s: axe-core found %s" % (what, "; ".join(
        "%s (%s): %s" % (violation["id"], violation["impact"], ", ".join(node["target"][0] for node in violation["nodes"]))
        for violation in violations))


@browser_test
def the_accessibility_checker_finds_a_fault_when_there_is_one(session):
    """Sharing: axe-core, as these tests run it, reports a page with an unlabelled field and an image without alternative text."""
    page, _ = session.page()
    page.set_content('<!doctype html><html lang="en"><title>t</title><main><img src="x.png"><input type="text"></main></html>')
    try:
        assert_accessible(page, "a faulty page")
    except AssertionError as error:
        assert "image-alt" in str(error) and "label" in str(error), str(error)
    else:
        raise AssertionError("axe-core found nothing on a page with an unlabelled field and an image without alt")


@browser_test
def a_shared_note_is_read_signed_out_on_a_phone_in_dark_mode(session):
    """Sharing: the Share form makes a link; opened signed out (phone, light and dark) it shows the note and its picture, nothing of the account, and passes axe-core."""
    image = session.reader.upload_attachment(RED_PNG)
    other = session.reader.create("Packing list", "socks")
    note = session.reader.create("Harbour walk", "Meet at the **harbour** with the [[Packing list]] and [[Secret plans]].\n\n"
                                 "![the harbour](attachments/%s/harbour.png)\n" % image)
    page, _ = session.signed_in_page()
    page.goto(session.url("/notes/" + note["id"]))
    page.get_by_role("link", name="Share", exact=True).click()
    assert_accessible(page, "the share form")
    page.get_by_label("Link works for").select_option("7d")
    page.get_by_role("button", name="Make link").click()
    link = page.get_by_label("Anyone with this link can read the note without signing in:").input_value()
    assert link.startswith(session.base_url + "/s/"), link
    session.reader.share(other["id"])
    for scheme in ("light", "dark"):
        reader, _ = session.page(viewport=PHONE, color_scheme=scheme)
        reader.goto(link)
        assert heading(reader) == "Harbour walk", heading(reader)
        expect(reader.locator(".markdown strong")).to_have_text("harbour")
        href = reader.get_by_role("link", name="Packing list").get_attribute("href")
        assert re.fullmatch(r"/s/[0-9a-f]{64}", href or ""), "the shared note's link leads to %r" % href
        assert reader.get_by_role("link", name="Secret plans").count() == 0, "an unshared note is linked"
        text = reader.locator("body").inner_text()
        for hidden in ("reader", "Sign out", note["id"]):
            assert hidden not in text, "%r on the shared page" % hidden
        loaded = reader.locator(".markdown img").evaluate("img => img.complete && img.naturalWidth > 0")
        assert loaded, "the picture did not load on the shared page"
        overflow = reader.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, "the shared page scrolls sideways at phone width (%d px)" % overflow
        assert_accessible(reader, "the shared page (%s)" % scheme)


@browser_test
def a_one_view_link_asks_before_showing_and_is_gone_after(session):
    """Sharing: a one-view link shows a button, not the note; pressing it shows the note and its picture; opening it again answers 410 with a page naming nothing."""
    image = session.reader.upload_attachment(RED_PNG)
    note = session.reader.create("Surprise party", "Saturday at eight\n\n![balloons](attachments/%s/balloons.png)\n" % image)
    share = session.reader.share(note["id"], views=1)
    page, guard = session.page()
    guard.expect_status(410)
    page.goto(session.url(share["path"]))
    assert heading(page) == "A note was shared with you", heading(page)
    assert "Saturday" not in page.content()
    assert_accessible(page, "the view button's page")
    page.get_by_role("button", name="Show the note").click()
    assert heading(page) == "Surprise party", heading(page)
    # The click waits for the new page, not for its pictures: the load event does (under load the
    # picture was read before it had arrived).
    page.wait_for_load_state("load")
    assert page.locator(".markdown img").evaluate("img => img.complete && img.naturalWidth > 0"), "the picture of the last view did not load"
    response = page.goto(session.url(share["path"]))
    assert response.status == 410, response.status
    assert "Surprise" not in page.content() and "Saturday" not in page.content()
    assert_accessible(page, "the gone page")


@browser_test
def a_link_revoked_on_the_shares_page_is_gone(session):
    """Sharing: the Shared links page lists the account's links; Revoke stops one at once (410 for whoever opens it)."""
    note = session.reader.create("Short-lived", "soon gone")
    share = session.reader.share(note["id"])
    page, _ = session.signed_in_page()
    page.goto(session.url("/"))
    page.get_by_role("link", name="Shared links").click()
    expect(page.locator("#shares")).to_contain_text("Short-lived")
    assert_accessible(page, "the shared links page")
    page.get_by_role("button", name="Revoke the link to Short-lived").click()
    expect(page.locator("#shares")).to_contain_text("revoked")
    reader, guard = session.page()
    guard.expect_status(410)
    assert reader.goto(session.url(share["path"])).status == 410


@browser_test
def a_published_site_is_browsed_and_its_feed_read_by_a_feed_parser(session):
    """Publishing: a tag's notes as a site, browsed signed out (index, a note, the link between two, a picture) and passing axe-core; its Atom feed read by feedparser without a fault; a note that loses the tag is gone (410)."""
    import feedparser

    image = session.reader.upload_attachment(RED_PNG)
    first = session.reader.create("Harbour opens", "The **harbour** opens today.\n\n![boats](attachments/%s/boats.png)\n" % image,
                                  tags=["harbour"])
    second = session.reader.create("Harbour closes", "Read [[Harbour opens]] first. & <ampersands> too.", tags=["harbour"])
    status, site = session.reader._request("POST", "/v1/sites", {"slug": "harbour-%d" % session.rng.randrange(10 ** 9),
                                                                 "tag": "harbour", "title": "Harbour news"})
    assert status == 201, (status, site)
    page, guard = session.page(viewport=PHONE, color_scheme="dark")
    guard.expect_status(410)
    page.goto(session.url(site["path"]))
    assert heading(page) == "Harbour news", heading(page)
    assert_accessible(page, "the site's index")
    page.get_by_role("link", name="Harbour closes").click()
    assert heading(page) == "Harbour closes", heading(page)
    page.get_by_role("link", name="Harbour opens").click()
    page.wait_for_load_state("load")  # the click waits for the page, the load event for its picture
    assert page.locator(".markdown img").evaluate("img => img.complete && img.naturalWidth > 0"), "the published picture did not load"
    assert_accessible(page, "a published note")

    response = page.request.get(session.url(site["path"] + "feed.xml"))
    feed = feedparser.parse(response.body())
    assert not feed.bozo, "feedparser: %s" % feed.get("bozo_exception")
    assert feed.version == "atom10", feed.version
    assert feed.feed.title == "Harbour news", feed.feed.title
    titles = [entry.title for entry in feed.entries]
    assert titles == ["Harbour closes", "Harbour opens"], titles
    assert feed.entries[0].link == session.url(site["path"] + second["id"]), feed.entries[0].link
    content = feed.entries[0].content[0].value
    assert "&lt;ampersands&gt;" in content and "<ampersands>" not in content, content

    session.reader.replace(first["id"], 1, first["title"], first["body"], tags=())
    assert page.goto(session.url(site["path"] + first["id"])).status == 410
