"""Import: a real Evernote export, chosen in the page's file field, checked and then imported; the report says what, and the notes are there."""
import os

from playwright.sync_api import expect

from reader_pages import heading, listed_titles
from registry import browser_test

# A real export nobody here wrote (Tests/Fixtures/OtherApps/README.md says where it is from).
ENEX = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "Tests", "Fixtures", "OtherApps", "evernote",
                    "linked_notes.enex")


@browser_test
def an_evernote_export_is_checked_then_imported_from_the_form(session):
    """Import: the header's Import link, the file field and "Check only" say what would happen and write nothing; then the import adds the notes, with the notebook's tag."""
    page, _ = session.signed_in_page(token=session.other.token)
    before = len(session.other.live_notes())
    page.goto(session.url("/"))
    page.get_by_role("link", name="Import", exact=True).click()
    expect(page).to_have_url(session.url("/import"))
    page.get_by_label("File to import").set_input_files(ENEX)
    page.get_by_label("Check only (import nothing)").check()
    page.get_by_role("button", name="Import", exact=True).click()
    assert heading(page) == "Would import 7 notes", heading(page)
    assert len(session.other.live_notes()) == before, "a check wrote notes"
    page.get_by_role("link", name="Import the file").click()
    page.get_by_label("File to import").set_input_files(ENEX)
    page.get_by_role("button", name="Import", exact=True).click()
    assert heading(page) == "Imported 7 notes", heading(page)
    expect(page.locator("#import-report")).to_contain_text("3 links between the notes found their note")
    page.get_by_role("link", name="See the notes").click()
    notes = session.other.live_notes()
    assert len(notes) == before + 7, "%d notes, %d before" % (len(notes), before)
    imported = [note for note in notes if "linked_notes" in note["tags"]]
    assert len(imported) == 7, [note["tags"] for note in notes]
    shown = listed_titles(page)
    assert any(note["title"] in shown for note in imported), "none of the imported notes is listed: %s" % shown
