"""History: a note's revisions with their origin, a diff between two, restoring one; the trash."""
from playwright.sync_api import expect

from reader_pages import fill_note_form, heading, note_id_of
from registry import browser_test


def _note_with_three_revisions(session, page):
    page.get_by_role("link", name="New note", exact=True).click()
    fill_note_form(page, "Kept forever", "line one\nline two\n", "history")
    page.get_by_role("button", name="Create note", exact=True).click()
    note_id = note_id_of(page)
    for body in ("line one\nline 2\n", "line one\nline 2\nline three 同步\n"):
        page.get_by_role("link", name="Edit", exact=True).click()
        fill_note_form(page, body=body)
        page.get_by_role("button", name="Save", exact=True).click()
        expect(page).to_have_url(session.url("/notes/" + note_id))
    return note_id


@browser_test
def history_lists_revisions_compares_and_restores(session):
    """History: three revisions listed newest first, a diff between any two, restoring one makes a fourth."""
    page, _ = session.signed_in_page()
    note_id = _note_with_three_revisions(session, page)
    page.get_by_role("link", name="History", exact=True).click()
    expect(page).to_have_url(session.url("/notes/%s/history" % note_id))
    rows = page.locator("#revisions tbody tr")
    expect(rows).to_have_count(3)
    expect(rows.nth(0)).to_contain_text("web reader")
    expect(rows.nth(2)).to_contain_text("created")
    expect(page.locator("#diff .added")).to_have_text(["+line three 同步"])
    page.get_by_label("Older revision").select_option("1")
    page.get_by_label("Newer revision").select_option("2")
    page.get_by_role("button", name="Compare", exact=True).click()
    expect(page.locator("#diff .removed")).to_have_text(["-line two"])
    expect(page.locator("#diff .added")).to_have_text(["+line 2"])
    page.get_by_label("Revision to go back to").select_option("1")
    page.get_by_role("button", name="Restore this revision", exact=True).click()
    expect(page).to_have_url(session.url("/notes/" + note_id))
    expect(page.locator("main .markdown")).to_contain_text("line two")
    stored = session.reader.note(note_id)
    assert (stored["body"], stored["revision"]) == ("line one\nline two\n", 4), stored


@browser_test
def a_deleted_note_waits_in_the_trash_and_comes_back(session):
    """Trash: a deleted note is listed there and one button brings it back with its history."""
    page, guard = session.signed_in_page()
    note_id = _note_with_three_revisions(session, page)
    page.get_by_role("link", name="Delete", exact=True).click()
    page.get_by_role("button", name="Delete note", exact=True).click()
    assert session.reader.note(note_id) is None, "the note is still there"
    page.get_by_role("link", name="Trash", exact=True).click()
    expect(page).to_have_url(session.url("/trash"))
    page.get_by_role("button", name="Restore Kept forever").first.click()
    expect(page).to_have_url(session.url("/notes/" + note_id))
    assert heading(page) == "Kept forever"
    stored = session.reader.note(note_id)
    assert stored is not None and stored["revision"] == 5 and not stored["deleted"], stored
    page.get_by_role("link", name="History", exact=True).click()
    expect(page.locator("#revisions tbody tr")).to_have_count(5)
