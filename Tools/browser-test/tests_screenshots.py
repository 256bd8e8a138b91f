"""The screenshots of docs/screenshots (README.md and docs/web.md show them): the list and a note, at
desktop and phone width, light and dark. Taken on every run, right after the seed (so they show the
seeded notes only), into a scratch folder; `--screenshots` writes them into docs/screenshots."""
import os

from registry import browser_test
from test_session import DESKTOP, PHONE

SIZES = {"desktop": {"viewport": DESKTOP, "device_scale_factor": 1},
         "phone": {"viewport": PHONE, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}}


@browser_test
def screenshots_of_the_list_and_a_note(session):
    """Screenshots: the list and a note, desktop and phone width, light and dark (8 PNG files)."""
    os.makedirs(session.screenshots, exist_ok=True)
    note = session.corpus.by_title("Welcome to the web reader")
    for size, options in SIZES.items():
        for scheme in ("light", "dark"):
            page, _ = session.signed_in_page(color_scheme=scheme, **options)
            for name, path in (("notes", "/"), ("note", "/notes/" + note["id"])):
                page.goto(session.url(path))
                page.screenshot(path=os.path.join(session.screenshots, "%s-%s-%s.png" % (name, size, scheme)),
                                animations="disabled", caret="hide")
    written = sorted(os.listdir(session.screenshots))
    assert len([name for name in written if name.endswith(".png")]) >= 8, written
