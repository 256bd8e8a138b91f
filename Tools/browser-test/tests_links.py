"""Links between notes: a wikilink leads to its note, a broken one to the form that creates it,
and a note's page ends with the notes that link to it."""
from playwright.sync_api import expect

from registry import browser_test


@browser_test
def wikilinks_lead_to_their_notes_and_pages_list_their_backlinks(session):
    """Links: [[Title|text]] opens the note it names, [[Missing]] opens the new-note form with the title filled in, and
    the linked note ends with 'Linked from' and the linking line."""
    target = session.reader.create("Link target", "---\naliases: [Goal]\n---\nThe note links reach.")
    source = session.reader.create("Linking note", "Go to [[goal|the goal]] or [[Not written yet]].\n\n`[[in code]]`")
    page, guard = session.signed_in_page()
    page.goto(session.url("/notes/" + source["id"]))
    expect(page.get_by_text("[[in code]]")).to_be_visible()
    assert "[[goal" not in page.content(), "a wikilink's brackets are shown"
    page.get_by_role("link", name="the goal").click()
    expect(page).to_have_url(session.url("/notes/" + target["id"]))
    expect(page.get_by_role("heading", name="Linked from")).to_be_visible()
    expect(page.get_by_role("link", name="Linking note")).to_be_visible()
    expect(page.get_by_text("Go to [[goal|the goal]] or [[Not written yet]].")).to_be_visible()
    page.goto(session.url("/notes/" + source["id"]))
    broken = page.get_by_role("link", name="Not written yet")
    color = broken.evaluate("element => getComputedStyle(element).color")
    normal = page.get_by_role("link", name="the goal").evaluate("element => getComputedStyle(element).color")
    assert color != normal, "a broken link looks like any other (%s)" % color
    broken.click()
    expect(page.get_by_label("Title")).to_have_value("Not written yet")
