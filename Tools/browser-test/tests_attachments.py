"""Attachments: a note shows its pictures inline, and offers any other file as a download."""
import base64

from playwright.sync_api import expect

from registry import browser_test

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
