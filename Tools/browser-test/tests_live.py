"""Live pages: an open note, the list and the edit form follow changes made elsewhere (here through the API, as
another device would), and the header says whether the page is live or offline."""
import re

from playwright.sync_api import expect

from registry import browser_test


@browser_test
def an_open_note_and_the_list_follow_changes_made_elsewhere(session):
    """Live: a note changed elsewhere shows its new version by itself, a new note appears in the open list, the header says Live."""
    note = session.reader.create("Live note %d" % session.rng.randrange(10 ** 6), "first line\n")
    page, _ = session.signed_in_page()
    page.goto(session.url("/notes/" + note["id"]))
    expect(page.locator("#live")).to_have_text("Live")
    session.reader.replace(note["id"], note["revision"], note["title"] + " — 改めた", "first line\nsecond line\n")
    expect(page.locator("h1")).to_have_text(note["title"] + " — 改めた", timeout=10_000)
    expect(page.locator("#live")).to_have_text("Live")

    page.goto(session.url("/"))
    expect(page.locator("#live")).to_have_text("Live")
    title = "Arrived while the list was open %d" % session.rng.randrange(10 ** 6)
    session.reader.create(title, "from elsewhere")
    expect(page.get_by_role("link", name=title, exact=True)).to_be_visible(timeout=10_000)


@browser_test
def the_edit_form_says_the_note_changed_and_the_save_merges(session):
    """Live: while a note is edited, a change elsewhere is announced on the form; saving merges both edits."""
    note = session.reader.create("Edited in two places %d" % session.rng.randrange(10 ** 6), "alpha\nbeta\ngamma\n")
    page, _ = session.signed_in_page()
    page.goto(session.url("/notes/%s/edit" % note["id"]))
    expect(page.locator("#live")).to_have_text("Live")
    page.get_by_label("Body (Markdown)").fill("alpha, edited here\nbeta\ngamma\n")
    changed = session.reader.replace(note["id"], note["revision"], note["title"], "alpha\nbeta\ngamma, edited elsewhere\n")
    expect(page.locator("#changed")).to_contain_text("This note changed elsewhere while you edit it (now revision %d)" % changed["revision"])
    expect(page.get_by_label("Body (Markdown)")).to_have_value("alpha, edited here\nbeta\ngamma\n")
    page.get_by_role("button", name=re.compile(r"^Save")).click()
    expect(page.locator("h1")).to_have_text(note["title"])
    stored = session.reader.note(note["id"])
    assert stored["body"] == "alpha, edited here\nbeta\ngamma, edited elsewhere\n", stored["body"]


@browser_test
def the_header_says_when_the_page_is_offline(session):
    """Live: going offline is said in the header, and coming back makes the page live again."""
    context, guard = session.context()
    guard.expect_offline()
    page = guard.new_page()
    from reader_pages import sign_in
    sign_in(page, session.base_url, session.reader.token)
    expect(page.locator("#live")).to_have_text("Live")
    context.set_offline(True)
    expect(page.locator("#live")).to_have_text("Offline")
    context.set_offline(False)
    expect(page.locator("#live")).to_have_text("Live", timeout=15_000)


@browser_test
def a_note_read_and_edited_offline_reaches_the_server_when_the_connection_returns(session):
    """Offline: a note opened before is readable offline; an edit saved offline waits in the browser (surviving a closed tab) and reaches the server once online."""
    note = session.reader.create("Read on the train %d" % session.rng.randrange(10 ** 6), "one\ntwo\n")
    context, guard = session.context(service_workers="allow")
    guard.expect_offline()
    page = guard.new_page()
    from reader_pages import sign_in
    sign_in(page, session.base_url, session.reader.token)
    page.goto(session.url("/notes/" + note["id"]))
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    # Opened once more while the worker is in charge, so that it keeps the note and its edit form.
    page.reload()
    expect(page.locator("h1")).to_have_text(note["title"])
    page.goto(session.url("/notes/%s/edit" % note["id"]))
    expect(page.get_by_label("Body (Markdown)")).to_have_value("one\ntwo\n")

    context.set_offline(True)
    page.goto(session.url("/notes/" + note["id"]))
    expect(page.locator("h1")).to_have_text(note["title"])
    page.goto(session.url("/notes/%s/edit" % note["id"]))
    page.get_by_label("Body (Markdown)").fill("one\ntwo\nthree, written offline — オフライン\n")
    page.get_by_role("button", name=re.compile(r"^Save")).click()
    expect(page.locator("#queued")).to_contain_text("kept in this browser")
    expect(page.locator("#pending")).to_have_text("1 edit not sent yet")
    assert session.reader.note(note["id"])["body"] == "one\ntwo\n"

    # The tab closed while offline: the edit survives in the browser.
    page.close(run_before_unload=False)
    page = guard.new_page()
    page.goto(session.url("/notes/" + note["id"]))
    expect(page.locator("#pending")).to_have_text("1 edit not sent yet")

    context.set_offline(False)
    expect(page.locator("#sent")).to_contain_text("has reached the server", timeout=15_000)
    expect(page.locator("#pending")).to_be_hidden()
    assert session.reader.note(note["id"])["body"] == "one\ntwo\nthree, written offline — オフライン\n"
    page.goto(session.url("/offline"))
    expect(page.locator("#kept")).to_contain_text(note["title"])
    expect(page.locator("#space")).to_contain_text("MB")


@browser_test
def an_offline_edit_the_server_cannot_merge_becomes_a_conflict_copy(session):
    """Offline: an edit saved offline over lines changed elsewhere meanwhile is not dropped: it becomes a note of its own, and the page says so."""
    note = session.reader.create("Changed in two places offline %d" % session.rng.randrange(10 ** 6), "the same line\n")
    context, guard = session.context(service_workers="allow")
    guard.expect_offline()
    guard.expect_status(409)  # the server's answer to the stale edit, before the copy is made
    page = guard.new_page()
    from reader_pages import sign_in
    sign_in(page, session.base_url, session.reader.token)
    page.goto(session.url("/notes/" + note["id"]))
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.goto(session.url("/notes/%s/edit" % note["id"]))
    page.reload()
    context.set_offline(True)
    page.get_by_label("Body (Markdown)").fill("the same line, as I wrote it offline\n")
    page.get_by_role("button", name=re.compile(r"^Save")).click()
    expect(page.locator("#queued")).to_contain_text("kept in this browser")
    session.reader.replace(note["id"], note["revision"], note["title"], "the same line, as changed elsewhere\n")
    context.set_offline(False)
    expect(page.locator("#conflict-copy")).to_contain_text("it was kept as a note of its own", timeout=15_000)
    assert session.reader.note(note["id"])["body"] == "the same line, as changed elsewhere\n"
    copies = [n for n in session.reader.live_notes() if n["title"] == note["title"] + " (edited offline)"]
    assert len(copies) == 1 and copies[0]["body"] == "the same line, as I wrote it offline\n", copies


@browser_test
def an_offline_edit_of_a_note_deleted_meanwhile_becomes_a_note_of_its_own(session):
    """Offline: an edit saved offline of a note deleted elsewhere meanwhile comes back as a note of its own, never lost."""
    note = session.reader.create("Deleted while I was away %d" % session.rng.randrange(10 ** 6), "kept words\n")
    context, guard = session.context(service_workers="allow")
    guard.expect_offline()
    guard.expect_status(404)  # the deleted note's edit, before the copy is made
    guard.expect_status(409)
    page = guard.new_page()
    from reader_pages import sign_in
    sign_in(page, session.base_url, session.reader.token)
    page.goto(session.url("/notes/" + note["id"]))
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.goto(session.url("/notes/%s/edit" % note["id"]))
    page.reload()
    context.set_offline(True)
    page.get_by_label("Body (Markdown)").fill("kept words, and more written offline\n")
    page.get_by_role("button", name=re.compile(r"^Save")).click()
    expect(page.locator("#queued")).to_contain_text("kept in this browser")
    session.reader.delete(note["id"], note["revision"])
    context.set_offline(False)
    expect(page.locator("#conflict-copy")).to_contain_text("it was kept as a note of its own", timeout=15_000)
    copies = [n for n in session.reader.live_notes() if n["title"] == note["title"] + " (edited offline)"]
    assert len(copies) == 1 and copies[0]["body"] == "kept words, and more written offline\n", copies


@browser_test
def the_shared_links_page_follows_links_made_elsewhere(session):
    """Live: a share link made through the API (another device) appears on the open Shared links page by itself."""
    page, _ = session.signed_in_page()
    page.goto(session.url("/shares"))
    expect(page.locator("#live")).to_have_text("Live")
    title = "Shared from elsewhere %d — 共有" % session.rng.randrange(10 ** 6)
    note = session.reader.create(title, "a link made on another device")
    session.reader.share(note["id"])
    expect(page.locator("#shares")).to_contain_text(title, timeout=10_000)


@browser_test
def an_edit_saved_while_the_server_cannot_be_reached_is_kept_and_sent_later(session):
    """Live: with the browser online but the server out of reach (stopped, or a proxy cut the way), a saved edit is kept in the browser instead of being lost to an error page, and reaches the server once it answers again."""
    note = session.reader.create("Saved while the server was away %d" % session.rng.randrange(10 ** 6), "first\n")
    context, guard = session.context()
    guard.expect_offline()
    page = guard.new_page()
    from reader_pages import sign_in
    sign_in(page, session.base_url, session.reader.token)
    page.goto(session.url("/notes/%s/edit" % note["id"]))
    expect(page.locator("#live")).to_have_text("Live")
    page.route("**/*", lambda route: route.abort("internetdisconnected"))  # the way to the server cut
    page.get_by_label("Body (Markdown)").fill("first\nsecond, while the server was away — بعيد\n")
    page.get_by_role("button", name=re.compile(r"^Save")).click()
    expect(page.locator("#queued")).to_contain_text("The server cannot be reached")
    expect(page.locator("#pending")).to_have_text("1 edit not sent yet")
    assert session.reader.note(note["id"])["body"] == "first\n"
    page.unroute("**/*")
    expect(page.locator("#sent")).to_contain_text("has reached the server", timeout=40_000)
    assert session.reader.note(note["id"])["body"] == "first\nsecond, while the server was away — بعيد\n"
