"""How a person uses the web reader's pages, by the labels, button texts and ids docs/web.md fixes
(the one place the tests name the markup)."""
import re

from playwright.sync_api import expect


def sign_in(page, base_url, token):
    page.goto(base_url + "/login")
    page.get_by_label("API token").fill(token)
    page.get_by_role("button", name="Sign in", exact=True).click()
    expect(page).to_have_url(base_url + "/")
    # The URL changes before the new page has its stylesheet: wait for the load event, so that
    # what a test reads next (colours, layout) is the page as shown (a race seen in dark mode).
    page.wait_for_load_state("load")


def sign_out(page):
    page.get_by_role("button", name="Sign out", exact=True).click()


def listed_titles(page):
    """The titles of the notes on a list page, in order (the first note link of each `#notes > li`)."""
    return page.eval_on_selector_all(
        "#notes > li",
        "items => items.map(item => { const link = item.querySelector('a[href^=\"/notes/\"]');"
        " return link ? link.textContent.trim() : null; })")


def note_id_of(page):
    """The note ID in the page's URL (/notes/{id}, /notes/{id}/edit...)."""
    match = re.search(r"/notes/([0-9a-f]+)", page.url)
    assert match, "not a note's page: %s" % page.url
    return match.group(1)


def fill_note_form(page, title=None, body=None, tags=None):
    if title is not None:
        page.get_by_label("Title").fill(title)
    if body is not None:
        page.get_by_label("Body (Markdown)").fill(body)
    if tags is not None:
        page.get_by_label("Tags (separated by spaces or commas)").fill(tags)


def heading(page):
    return page.locator("h1").inner_text().strip()


def session_cookie(context):
    cookies = [cookie for cookie in context.cookies() if cookie["name"] == "quill_session"]
    return cookies[0] if cookies else None
