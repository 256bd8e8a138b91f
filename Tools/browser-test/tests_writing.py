"""Writing: create, edit, an edit that lost a race (both versions shown, nothing overwritten), delete."""
from playwright.sync_api import expect

from reader_pages import fill_note_form, heading, listed_titles, note_id_of
from registry import browser_test


def _new_note(session, page, title, body, tags):
    page.get_by_role("link", name="New note", exact=True).click()
    expect(page).to_have_url(session.url("/notes/new"))
    fill_note_form(page, title, body, tags)
    page.get_by_role("button", name="Create note", exact=True).click()
    expect(page.locator("h1")).to_have_text(title)
    return note_id_of(page)


@browser_test
def create_a_note(session):
    """Create: the form makes a note (tags normalized), shows it, and lists it first."""
    page, _ = session.signed_in_page()
    title = "Created in the browser %d" % session.rng.randrange(10 ** 6)
    note_id = _new_note(session, page, title, "Some *emphasis* and a [link](/?tag=web).", "Web, Browser  test")
    expect(page.locator("main em")).to_have_text("emphasis")
    stored = session.reader.note(note_id)
    assert stored is not None and stored["title"] == title, stored
    assert stored["body"] == "Some *emphasis* and a [link](/?tag=web).", stored
    assert stored["tags"] == ["browser", "test", "web"], stored["tags"]
    page.goto(session.url("/"))
    assert listed_titles(page)[0] == title, "the new note is not first: %s" % listed_titles(page)[:3]


@browser_test
def edit_a_note(session):
    """Edit: the form starts from the note, saving changes it (one revision on) and shows the new text."""
    page, _ = session.signed_in_page()
    note_id = _new_note(session, page, "To be edited", "first text", "draft")
    page.get_by_role("link", name="Edit", exact=True).click()
    expect(page).to_have_url(session.url("/notes/%s/edit" % note_id))
    expect(page.get_by_label("Title")).to_have_value("To be edited")
    expect(page.get_by_label("Body (Markdown)")).to_have_value("first text")
    fill_note_form(page, title="Edited", body="second **text**", tags="final")
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page).to_have_url(session.url("/notes/" + note_id))
    assert heading(page) == "Edited"
    expect(page.locator("main strong")).to_have_text("text")
    stored = session.reader.note(note_id)
    assert (stored["title"], stored["body"], stored["tags"], stored["revision"]) == ("Edited", "second **text**", ["final"], 2), stored


@browser_test
def a_conflicting_edit_shows_both_versions_and_overwrites_nothing(session):
    """Conflict: two pages edit one note; the second save is refused with both versions; saving again is deliberate."""
    first, _ = session.signed_in_page()
    note_id = _new_note(session, first, "Shared note", "original", "")
    second, second_guard = session.signed_in_page()
    second_guard.expect_status(409)
    edit_url = session.url("/notes/%s/edit" % note_id)
    first.goto(edit_url)
    second.goto(edit_url)

    fill_note_form(first, body="the first page's text")
    first.get_by_role("button", name="Save", exact=True).click()
    expect(first).to_have_url(session.url("/notes/" + note_id))

    fill_note_form(second, body="the second page's text")
    with second.expect_response(lambda response: response.request.method == "POST") as answer:
        second.get_by_role("button", name="Save", exact=True).click()
    assert answer.value.status == 409, "a stale edit answered %d" % answer.value.status
    expect(second.locator("#server-version")).to_contain_text("the first page's text")
    expect(second.locator("#your-version").get_by_label("Body (Markdown)")).to_have_value("the second page's text")
    stored = session.reader.note(note_id)
    assert (stored["body"], stored["revision"]) == ("the first page's text", 2), "the stale edit overwrote: %s" % stored

    second.locator("#your-version").get_by_role("button", name="Save", exact=True).click()
    expect(second).to_have_url(session.url("/notes/" + note_id))
    stored = session.reader.note(note_id)
    assert (stored["body"], stored["revision"]) == ("the second page's text", 3), stored


@browser_test
def delete_a_note_after_confirming(session):
    """Delete: the link asks first (nothing deleted yet); confirming deletes it and leaves it off the list."""
    page, guard = session.signed_in_page()
    note_id = _new_note(session, page, "To be deleted", "bye", "")
    page.get_by_role("link", name="Delete", exact=True).click()
    expect(page).to_have_url(session.url("/notes/%s/delete" % note_id))
    assert session.reader.note(note_id) is not None, "the note was deleted before confirming"
    page.get_by_role("button", name="Delete note", exact=True).click()
    expect(page).to_have_url(session.url("/"))
    assert "To be deleted" not in listed_titles(page)
    assert session.reader.note(note_id) is None, "the note is still there"
    guard.expect_status(404)
    assert page.goto(session.url("/notes/" + note_id)).status == 404
