"""Reading: the list (newest first, paged), search, tag filters, a note's page, the export."""
import gzip
import io
import tarfile

from playwright.sync_api import expect

from reader_pages import heading, listed_titles
from registry import browser_test
from seed_notes import SEARCH_WORD

PAGE_SIZE = 50


def _expected_order(session):
    """Every live note of the reader, newest (last changed) first, as the API tells."""
    return [note["title"] for note in sorted(session.reader.live_notes(), key=lambda note: note["updated"], reverse=True)]


@browser_test
def list_is_newest_first_and_paged(session):
    """The list: newest first, 50 a page, `Older notes` leads to the rest, nothing twice or missing."""
    expected = _expected_order(session)
    assert len(expected) > PAGE_SIZE, "the seed should fill more than one page"
    page, _ = session.signed_in_page()
    seen = []
    for _ in range(len(expected) // PAGE_SIZE + 1):
        titles = listed_titles(page)
        assert 0 < len(titles) <= PAGE_SIZE, "a page of %d notes" % len(titles)
        seen += titles
        older = page.get_by_role("link", name="Older notes", exact=True)
        if older.count() == 0:
            break
        older.click()
    assert seen == expected, "the pages list %d notes:\n%s\nexpected %d, newest first:\n%s" % (
        len(seen), seen, len(expected), expected)
    assert page.get_by_role("link", name="Older notes", exact=True).count() == 0, "the last page links to an older one"


@browser_test
def search_finds_the_notes_that_mention_a_word(session):
    """Search: the box on the list sends ?q=, the notes mentioning the word (title or body) are listed."""
    page, _ = session.signed_in_page()
    page.get_by_label("Search notes").fill(SEARCH_WORD)
    page.get_by_role("button", name="Search", exact=True).click()
    expect(page).to_have_url(session.url("/?q=" + SEARCH_WORD))
    expected = [note["title"] for note in session.corpus.notes
                if SEARCH_WORD in (note["title"] + " " + note["body"]).lower()]
    assert len(expected) == 2
    # The same notes (the order of search results is the search's to choose).
    assert sorted(listed_titles(page)) == sorted(expected), "searching %r lists %s, expected %s" % (
        SEARCH_WORD, listed_titles(page), expected)
    expect(page.get_by_label("Search notes")).to_have_value(SEARCH_WORD)

    page.get_by_label("Search notes").fill("quasar")
    page.get_by_label("Search notes").press("Enter")
    expect(page).to_have_url(session.url("/?q=quasar"))
    assert listed_titles(page) == [], "a word in no note lists %s" % listed_titles(page)
    expect(page.locator("main")).to_contain_text("quasar")


@browser_test
def tag_links_filter_the_list(session):
    """Tags: a tag on the list links to /?tag=T, which lists exactly the notes with that tag."""
    page, _ = session.signed_in_page()
    page.locator('#notes a[href="/?tag=travel"]').first.click()
    expect(page).to_have_url(session.url("/?tag=travel"))
    expected = [note["title"] for note in sorted(session.reader.live_notes(), key=lambda note: note["updated"], reverse=True)
                if "travel" in note["tags"]][:PAGE_SIZE]
    assert listed_titles(page) == expected, "?tag=travel lists %s, expected %s" % (listed_titles(page), expected)


@browser_test
def a_note_shows_rendered_markdown_dates_and_tags(session):
    """A note: its title is the heading, its Markdown is rendered, its dates and tags are shown."""
    page, _ = session.signed_in_page()
    note = session.corpus.by_title("Welcome to the web reader")
    page.get_by_role("link", name=note["title"], exact=True).click()
    expect(page).to_have_url(session.url("/notes/" + note["id"]))
    assert heading(page) == note["title"]
    main = page.locator("main")
    expect(main.locator("strong", has_text="rendered")).to_be_visible()
    expect(main.locator("em", has_text="Markdown")).to_be_visible()
    expect(main.locator("h2", has_text="What works here")).to_be_visible()
    expect(main.locator("li", has_text="create, edit and delete")).to_be_visible()
    expect(main.locator("blockquote")).to_contain_text("you see both versions")
    expect(main.locator("pre code")).to_have_text("quill sync")
    expect(main.get_by_role("link", name="the documentation", exact=True)).to_have_attribute("href", "https://example.com/quill")
    expect(main.locator('a[href="/?tag=quill"]')).to_contain_text("quill")
    expect(main).to_contain_text("2026")  # the seeded dates (the 20th of November 2026)
    assert main.locator("time").count() >= 1, "dates are not in <time> elements"


_IN_VIEW = """(element) => { const box = element.getBoundingClientRect(); return box.top >= 0 && box.top < window.innerHeight; }"""


@browser_test
def footnotes_headings_and_bare_urls_are_links(session):
    """A note's footnote, table of contents entry and bare URL are links that lead where they say; the footnote's text is shown."""
    filler = "\n\n".join("Paragraph %d of the filler that pushes the end of the note below the window." % n for n in range(60))
    note = session.reader.create("Footnotes and contents", "[Jump to the end](#The-end) and a claim[^source]. "
                                 "See https://example.com/a_b_(c).\n\n" + filler + "\n\n## The end\n\nDone.\n\n"
                                 "[^source]: Said by *someone*, somewhere.")
    try:
        page, _ = session.signed_in_page()
        page.goto(session.url("/notes/" + note["id"]))
        main = page.locator("main")
        expect(main.get_by_role("link", name="https://example.com/a_b_(c)", exact=True)).to_have_attribute(
            "href", "https://example.com/a_b_%28c%29")
        footnote = main.locator("section.footnotes li")
        expect(footnote).to_have_text("Said by someone, somewhere.")
        assert not footnote.evaluate(_IN_VIEW), "the footnote should start below the window"
        main.get_by_role("link", name="[1]", exact=True).click()
        expect(page).to_have_url(session.url("/notes/%s#fn-1" % note["id"]))
        assert footnote.evaluate(_IN_VIEW), "following the footnote's link did not bring it into view"
        page.goto(session.url("/notes/" + note["id"]))
        main.get_by_role("link", name="Jump to the end", exact=True).click()
        expect(page).to_have_url(session.url("/notes/%s#h-the-end" % note["id"]))
        assert main.locator("h2", has_text="The end").evaluate(_IN_VIEW), "the contents' link did not bring its heading into view"
    finally:
        session.reader.delete(note["id"], note["revision"])


@browser_test
def export_downloads_the_accounts_archive(session):
    """Export: the link downloads a .tar.gz holding the manifest and one Markdown file per live note."""
    page, _ = session.signed_in_page()
    with page.expect_download() as download_info:
        page.get_by_role("link", name="Download export", exact=True).click()
    download = download_info.value
    assert download.suggested_filename.endswith(".tar.gz"), download.suggested_filename
    with open(download.path(), "rb") as archive_file:
        archive = tarfile.open(fileobj=io.BytesIO(gzip.decompress(archive_file.read())))
    names = archive.getnames()
    assert any(name.endswith("manifest.json") for name in names), names
    markdown = [name for name in names if name.endswith(".md")]
    assert len(markdown) == len(session.reader.live_notes()), "%d Markdown files for %d live notes" % (
        len(markdown), len(session.reader.live_notes()))


@browser_test
def code_in_a_list_item_is_a_code_block_in_the_item(session):
    """Reading: a fence in a bullet ('- ```clojure', indented with tabs as Logseq writes it, or under an item) is a
    code block inside its item, its lines kept and its [[brackets]] text; no backticks are shown."""
    note = session.reader.create("Outline with code", "- Some examples:\n\t- ```clojure\n\t  {:a [[not a link]]\n\t   :b 2}\n\t  ```\n"
                                 "\t- after it\n- item\n  ```\n  second\n  ```")
    page, guard = session.signed_in_page()
    page.goto(session.url("/notes/" + note["id"]))
    blocks = page.locator(".markdown li > pre")
    expect(blocks).to_have_count(2)
    expect(blocks.first).to_have_text("{:a [[not a link]]\n :b 2}\n")
    assert "```" not in page.inner_text(".markdown"), "a fence's backticks are shown"
    expect(page.get_by_role("link", name="not a link")).to_have_count(0)
    expect(page.locator(".markdown li li", has_text="after it")).to_have_count(1)
