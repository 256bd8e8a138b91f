"""Look and feel, checked: keyboard use, labels and landmarks, phone width, dark mode."""
from playwright.sync_api import expect

from reader_pages import fill_note_form, note_id_of, sign_in
from registry import browser_test
from test_session import PHONE

_FOCUSED = """() => { const element = document.activeElement; if (!element || element === document.body) return null;
    const style = getComputedStyle(element);
    return { id: element.id, tag: element.localName, text: (element.innerText || element.value || '').trim(),
             ring: (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none' }; }"""


def _tab_until(page, wanted, limit=30):
    """Presses Tab until the focused element is `wanted` (an id, or a button's text); the ones passed on the way."""
    passed = []
    for _ in range(limit):
        page.keyboard.press("Tab")
        focused = page.evaluate(_FOCUSED)
        if focused is None:
            continue
        assert focused["ring"], "%r has focus but no visible focus ring" % focused
        passed.append(focused["id"] or focused["text"])
        if wanted in (focused["id"], focused["text"]):
            return passed
    raise AssertionError("Tab never reached %r in %d presses; it passed %s" % (wanted, limit, passed))


@browser_test
def keyboard_alone_signs_in_and_writes_a_note(session):
    """Keyboard: Tab reaches every field and button in order, with a visible focus ring; Enter submits."""
    page, _ = session.page()
    page.goto(session.url("/login"))
    _tab_until(page, "token")
    page.keyboard.type(session.reader.token)
    _tab_until(page, "Sign in")
    page.keyboard.press("Enter")
    expect(page).to_have_url(session.url("/"))

    page.goto(session.url("/notes/new"))
    _tab_until(page, "title")
    page.keyboard.type("Typed with the keyboard")
    assert _tab_until(page, "body") == ["body"], "Tab from the title does not go to the body"
    page.keyboard.type("No mouse *needed*.")
    assert _tab_until(page, "tags") == ["tags"], "Tab from the body does not go to the tags"
    page.keyboard.type("keyboard")
    _tab_until(page, "Create note")
    page.keyboard.press("Enter")
    expect(page.locator("h1")).to_have_text("Typed with the keyboard")
    stored = session.reader.note(note_id_of(page))
    assert (stored["body"], stored["tags"]) == ("No mouse *needed*.", ["keyboard"]), stored


_STRUCTURE = """() => {
    const problems = [];
    if (!document.documentElement.lang) problems.push('<html> has no lang');
    if (!document.title.trim()) problems.push('no <title>');
    if (document.querySelectorAll('main, [role=main]').length !== 1) problems.push('not exactly one main landmark');
    if (document.querySelectorAll('h1').length !== 1) problems.push(document.querySelectorAll('h1').length + ' <h1> elements');
    for (const field of document.querySelectorAll('input:not([type=hidden]), textarea, select'))
        if (field.labels.length === 0 && !field.getAttribute('aria-label') && !field.getAttribute('aria-labelledby'))
            problems.push('a field without a label: ' + field.outerHTML.slice(0, 120));
    for (const button of document.querySelectorAll('button, input[type=submit]'))
        if (!(button.innerText || button.value || button.getAttribute('aria-label') || '').trim())
            problems.push('a button without text: ' + button.outerHTML.slice(0, 120));
    for (const image of document.querySelectorAll('img')) if (!image.hasAttribute('alt')) problems.push('an image without alt');
    return problems;
}"""


def _pages_to_look_at(session, page):
    """Every kind of page of the reader (signed in), including a conflict: (name, how to get there)."""
    note = session.corpus.by_title("Server logs from Tuesday")
    scratch = session.reader.create("Look and feel", "A note for the checks of the look.", ["look"])

    def conflict():
        page.goto(session.url("/notes/%s/edit" % scratch["id"]))
        current = session.reader.note(scratch["id"])
        session.reader.replace(scratch["id"], current["revision"], "Look and feel", "changed meanwhile %d" % current["revision"], ["look"])
        fill_note_form(page, body="my version of it")
        page.get_by_role("button", name="Save", exact=True).click()
        expect(page.locator("#server-version")).to_be_visible()

    return [
        ("notes", lambda: page.goto(session.url("/"))),
        ("search", lambda: page.goto(session.url("/?q=zeppelin"))),
        ("tag", lambda: page.goto(session.url("/?tag=work"))),
        ("note with long lines", lambda: page.goto(session.url("/notes/" + note["id"]))),
        ("new", lambda: page.goto(session.url("/notes/new"))),
        ("edit", lambda: page.goto(session.url("/notes/%s/edit" % note["id"]))),
        ("delete", lambda: page.goto(session.url("/notes/%s/delete" % note["id"]))),
        ("import", lambda: page.goto(session.url("/import"))),
        ("conflict", conflict),
    ]


@browser_test
def pages_have_labels_landmarks_and_one_heading(session):
    """Accessibility: lang, title, one main landmark, one h1, every field labelled, every button named."""
    problems = []
    page, guard = session.page()
    guard.expect_status(409)
    page.goto(session.url("/login"))
    problems += ["login: " + problem for problem in page.evaluate(_STRUCTURE)]
    sign_in(page, session.base_url, session.reader.token)
    for name, visit in _pages_to_look_at(session, page):
        visit()
        problems += ["%s: %s" % (name, problem) for problem in page.evaluate(_STRUCTURE)]
        if page.locator("header, [role=banner], nav").count() == 0:
            problems.append("%s: no header or navigation landmark" % name)
    assert not problems, "\n".join(problems)


_OVERFLOW = """() => ({ viewport: window.innerWidth, content: document.documentElement.scrollWidth,
    widest: [...document.querySelectorAll('body *')].filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
        .slice(-3).map((element) => element.outerHTML.slice(0, 100)) })"""


@browser_test
def phone_width_has_no_horizontal_scroll(session):
    """Phone: at 390 px (a phone's viewport, touch), no page scrolls sideways; a wide table scrolls in its own box, its words whole."""
    page, guard = session.page(viewport=PHONE, is_mobile=True, has_touch=True, device_scale_factor=2)
    guard.expect_status(409)
    problems = []

    def measure(name):
        measured = page.evaluate(_OVERFLOW)
        if measured["viewport"] != PHONE["width"]:
            problems.append("%s: laid out %d px wide, not the phone's %d (a meta viewport missing?)" % (
                name, measured["viewport"], PHONE["width"]))
        if measured["content"] > measured["viewport"]:
            problems.append("%s: %d px of content in %d px; too wide: %s" % (
                name, measured["content"], measured["viewport"], measured["widest"]))

    page.goto(session.url("/login"))
    measure("login")
    sign_in(page, session.base_url, session.reader.token)
    for name, visit in _pages_to_look_at(session, page):
        visit()
        measure(name)
        if name == "note with long lines":
            # A table wider than the phone scrolls in its own box; its words are not broken letter by letter to fit.
            lines = page.evaluate(_LINES_OF_CELL, "1,204,331")
            if lines != 1:
                problems.append("%s: the table's cell '1,204,331' is drawn on %s lines" % (name, lines))
            if not page.evaluate("() => { const box = document.querySelector('.markdown .table'); "
                                 "return !!box && box.scrollWidth > box.clientWidth; }"):
                problems.append("%s: the wide table does not scroll in a box of its own" % name)
    assert not problems, "\n".join(problems)


_LINES_OF_CELL = """(text) => { const cell = [...document.querySelectorAll('.markdown td')].find((td) => td.textContent === text);
    if (!cell) return null; const range = document.createRange(); range.selectNodeContents(cell);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size; }"""


_COLOURS = """() => {
    const colour = (text) => text.match(/[\\d.]+/g).map(Number);
    const background = (element) => { for (; element; element = element.parentElement) {
        const value = colour(getComputedStyle(element).backgroundColor); if (value.length < 4 || value[3] > 0) return value; }
        return [255, 255, 255]; };
    const text = document.querySelector('main p, main li, main label, main') || document.body;
    return { background: background(text), text: colour(getComputedStyle(text).color),
             page: background(document.body) };
}"""


def _luminance(rgb):
    def channel(value):
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
    red, green, blue = (channel(value) for value in rgb[:3])
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def _contrast(first, second):
    lighter, darker = sorted((_luminance(first), _luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


@browser_test
def dark_mode_follows_the_system(session):
    """Dark mode: with prefers-color-scheme: dark the page is dark with light text; both readable (contrast >= 4.5)."""
    measured = {}
    for scheme in ("light", "dark"):
        page, _ = session.page(color_scheme=scheme)
        page.goto(session.url("/login"))
        measured[(scheme, "login")] = page.evaluate(_COLOURS)
        sign_in(page, session.base_url, session.reader.token)
        measured[(scheme, "notes")] = page.evaluate(_COLOURS)
        page.goto(session.url("/notes/" + session.corpus.by_title("Welcome to the web reader")["id"]))
        measured[(scheme, "note")] = page.evaluate(_COLOURS)
    problems = []
    for name in ("login", "notes", "note"):
        light, dark = measured[("light", name)], measured[("dark", name)]
        if not _luminance(dark["page"]) < _luminance(light["page"]) - 0.3:
            problems.append("%s: the dark page background %s is not darker than the light one %s" % (name, dark["page"], light["page"]))
        if not _luminance(dark["text"]) > _luminance(dark["background"]):
            problems.append("%s: dark mode text %s is not lighter than its background %s" % (name, dark["text"], dark["background"]))
        for scheme, colours in (("light", light), ("dark", dark)):
            if _contrast(colours["text"], colours["background"]) < 4.5:
                problems.append("%s, %s: text %s on %s has contrast %.1f < 4.5" % (
                    name, scheme, colours["text"], colours["background"], _contrast(colours["text"], colours["background"])))
    assert not problems, "\n".join(problems)


# For each element: its computed direction, and whether its text's last character is shown to the
# left of its first (as right-to-left text reads) and its first character sits at the element's
# right edge (aligned to where right-to-left text starts).
_READING_ORDER = """(selectors) => selectors.map((selector) => {
    const element = document.querySelector(selector);
    if (!element) return { selector, missing: true };
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT, { acceptNode: (n) => n.data.trim() ? 1 : 3 });
    const texts = []; while (walker.nextNode()) texts.push(walker.currentNode);
    const box = (node, offset) => { const range = document.createRange(); range.setStart(node, offset);
        range.setEnd(node, offset + 1); return range.getBoundingClientRect(); };
    const first = texts[0], last = texts[texts.length - 1];
    const start = first.data.search(/\\S/), end = last.data.trimEnd().length - 1;
    const outer = element.getBoundingClientRect(), firstBox = box(first, start), lastBox = box(last, end);
    return { selector, direction: getComputedStyle(element).direction,
             endShownLeftOfStart: lastBox.left < firstBox.left,
             startAtRightEdge: Math.abs(outer.right - parseFloat(getComputedStyle(element).paddingRight) - firstBox.right) < 2 };
})"""


@browser_test
def right_to_left_text_reads_right_to_left(session):
    """Direction: an Arabic or Hebrew title, paragraph, list, quotation, field and list row read right to left; English beside them stays left to right."""
    note = session.reader.create("مرحبا بالعالم!", "هذه فقرة باللغة العربية تنتهي بعلامة تعجب!\n\n"
                                 "- עברית בסוף: 42.\n- English item, then: العربية\n\n> ציטוט בעברית.\n\nEnglish, then some Arabic: النص.")
    try:
        page, _ = session.signed_in_page()
        page.goto(session.url("/notes/" + note["id"]))
        shown = page.evaluate(_READING_ORDER, ["article h1", ".markdown p", ".markdown li", ".markdown blockquote p",
                                               ".markdown > p:last-child"])
        problems = []
        for found, right_to_left in zip(shown, (True, True, True, True, False)):
            if found.get("missing"):
                problems.append("%s is not on the note's page" % found["selector"])
            elif right_to_left and not (found["direction"] == "rtl" and found["endShownLeftOfStart"] and found["startAtRightEdge"]):
                problems.append("%s does not read right to left: %s" % (found["selector"], found))
            elif not right_to_left and found["direction"] != "ltr":
                problems.append("%s, English first, is not left to right: %s" % (found["selector"], found))
        page.goto(session.url("/?q=" + "بالعالم"))
        row = page.locator('#notes a.title[href="/notes/%s"]' % note["id"])
        expect(row).to_have_count(1)
        if row.evaluate("(a) => getComputedStyle(a).direction") != "rtl":
            problems.append("the list's row of the note is not right to left")
        page.goto(session.url("/notes/%s/edit" % note["id"]))
        for field in ("#title", "#body"):
            if page.locator(field).evaluate("(f) => getComputedStyle(f).direction") != "rtl":
                problems.append("the edit form's %s is not right to left" % field)
        assert not problems, "\n".join(problems)
    finally:
        session.reader.delete(note["id"], note["revision"])
