"""Attachments: a note shows its pictures inline, offers any other file as a download, and the edit form attaches files."""
import base64
import hashlib
import os

from playwright.sync_api import expect

from registry import browser_test
from test_session import PHONE

# A 2x2 red PNG (written with zlib and struct, so that the test needs no image library).
RED_PNG = base64.b64decode(
    "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==")


@browser_test
def a_note_shows_its_pictures_and_offers_other_files(session):
    """Attachments: an image the note refers to loads inline from the server; an SVG is a download, never shown."""
    image = session.reader.upload_attachment(RED_PNG)
    drawing = session.reader.upload_attachment(b'<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')
    body = "A picture:\n\n![red square](attachments/%s/red%%20square.png)\n\n[the drawing](attachments/%s/drawing.svg)\n" % (
        image, drawing)
    note = session.reader.create("With a picture", body)
    page, guard = session.signed_in_page()
    page.goto(session.url("/notes/" + note["id"]))
    picture = page.get_by_role("img", name="red square")
    expect(picture).to_be_visible()
    width = picture.evaluate("element => element.complete ? element.naturalWidth : -1")
    assert width == 2, "the picture did not load (naturalWidth %s)" % width
    with page.expect_download() as download:
        page.get_by_role("link", name="the drawing").click()
    assert download.value.suggested_filename == "drawing.svg", download.value.suggested_filename


@browser_test
def attach_files_from_the_edit_form_at_phone_width(session):
    """Attach: at phone width, the edit form's file field (no script) keeps a picture and an HTML file; the note shows the picture and offers the HTML as a download, running none of it."""
    page, _ = session.signed_in_page(viewport=PHONE, is_mobile=True, has_touch=True)
    note = session.reader.create("Holiday %d" % session.rng.randrange(10 ** 6), "Photos below.")
    page.goto(session.url("/notes/%s/edit" % note["id"]))
    files = page.get_by_label("Attach files", exact=False)
    expect(files).to_be_visible()
    box = files.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], "the file field leaves the screen: %s" % box
    polyglot = b'GIF89a/*<html><script>alert("polyglot")</script><img src=x onerror=alert(2)>*/'
    files.set_input_files([
        {"name": "beach \"day\".png", "mimeType": "image/png", "buffer": RED_PNG},
        {"name": "../../page.html", "mimeType": "text/html", "buffer": polyglot},
    ])
    page.get_by_role("button", name="Save", exact=True).click()
    expect(page).to_have_url(session.url("/notes/" + note["id"]))
    page.wait_for_load_state("load")  # the page's pictures, which the click does not wait for
    picture = page.get_by_role("img", name='beach "day".png')
    expect(picture).to_be_visible()
    width = picture.evaluate("element => element.complete ? element.naturalWidth : -1")
    assert width == 2, "the attached picture did not load (naturalWidth %s)" % width
    stored = session.reader.note(note["id"])
    digest = hashlib.sha256(polyglot).hexdigest()
    expected_tail = "[page.html](attachments/%s/page.html)\n" % digest
    assert stored["body"].startswith('Photos below.\n\n![beach "day".png](attachments/%s/beach%%20%%22day%%22.png)\n'
                                     % hashlib.sha256(RED_PNG).hexdigest()), stored["body"]
    assert stored["body"].endswith(expected_tail), stored["body"]
    assert stored["revision"] == 2, stored
    with page.expect_download() as download:
        page.get_by_role("link", name="page.html").click()
    assert download.value.suggested_filename == "page.html", download.value.suggested_filename
    # The bytes on the server are the file's, whole, under their hash.
    assert session.reader.attachment(digest) == polyglot


@browser_test
def a_file_over_the_largest_size_is_refused_with_a_page_that_says_so(session):
    """Attach, refused: a file over the server's largest attachment gets a page that says so (413), and the note is unchanged."""
    page, guard = session.signed_in_page()
    guard.expect_status(413)
    note = session.reader.create("Too big %d" % session.rng.randrange(10 ** 6), "unchanged")
    page.goto(session.url("/notes/%s/edit" % note["id"]))
    page.get_by_label("Body (Markdown)").fill("changed")
    size = int(os.environ["QUILL_MAX_ATTACHMENT_BYTES"]) * 3
    page.get_by_label("Attach files", exact=False).set_input_files(
        [{"name": "huge.bin", "mimeType": "application/octet-stream", "buffer": bytes(size)}])
    with page.expect_response(lambda response: response.request.method == "POST") as answer:
        page.get_by_role("button", name="Save", exact=True).click()
    assert answer.value.status == 413, "a file over the limit answered %d" % answer.value.status
    expect(page.locator("main")).to_contain_text("“huge.bin” is larger than this server accepts")
    stored = session.reader.note(note["id"])
    assert (stored["body"], stored["revision"]) == ("unchanged", 1), stored
