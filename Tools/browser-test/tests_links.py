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


@browser_test
def a_link_to_a_block_leads_to_it_and_the_block_id_is_not_shown(session):
    """Links: [[Note^id]] (a Roam import's block reference, Obsidian's block link) opens the note at that block,
    scrolled into view, and the block's ' ^id' is not shown on the page."""
    filler = "\n".join("- line %d" % number for number in range(200))
    target = session.reader.create("Block target", filler + "\n- The block to reach ^blk-1\n- after it")
    source = session.reader.create("Block linker", "See [[Block target^blk-1|the block]].")
    page, guard = session.signed_in_page()
    page.goto(session.url("/notes/" + source["id"]))
    page.get_by_role("link", name="the block").click()
    expect(page).to_have_url(session.url("/notes/" + target["id"] + "#b-blk-1"))
    block = page.get_by_text("The block to reach")
    expect(block).to_be_in_viewport()
    expect(block).to_have_text("The block to reach")
    assert "^blk-1" not in page.inner_text(".markdown"), "the block's ID is shown"


@browser_test
def an_image_from_another_site_is_a_link_to_it_and_is_not_loaded(session):
    """Links: ![a cat](https://…) and ![](https://…) (Roam's images, a web clipper's) are links named by their text or
    their site, and the page asks nothing of the other site (its policy loads images from the server alone)."""
    note = session.reader.create("Remote pictures", "![a cat](https://images.example.com/cat.png)\n\n"
                                 "- ![](https://firebasestorage.googleapis.com/v0/b/graph/o/x.png)")
    page, guard = session.signed_in_page()
    page.goto(session.url("/notes/" + note["id"]))
    named = page.get_by_role("link", name="Image: a cat")
    expect(named).to_have_attribute("href", "https://images.example.com/cat.png")
    expect(page.get_by_role("link", name="Image at firebasestorage.googleapis.com")).to_be_visible()
    assert page.locator(".markdown img").count() == 0, "an image from another site is an <img> the page may not load"
    others = [url for kind, url in guard.requests if "example.com" in url or "googleapis" in url]
    assert not others, "the page asked another site: %s" % others
