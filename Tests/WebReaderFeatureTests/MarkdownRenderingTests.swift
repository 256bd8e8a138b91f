import QuillModels
import Testing
@testable import WebReaderFeature

/// What a note's Markdown looks like on a page: every block rendered, whatever raw HTML or
/// angle brackets come before it.
@Suite("Markdown rendering")
struct MarkdownRenderingTests {
    static let rest = "After it.\n\n- one\n- two\n\n## Heading\n"

    /// Ink took everything after an element it could not close (a void element, an autolink, a
    /// stray `<`) as that element: the rest of the note was one run of escaped text.
    @Test("what follows raw HTML, an autolink or a stray < is still rendered", arguments: [
        "<img src=x>", "<br>", "see <https://example.com/a_b_(c)> here", "mail <someone@example.com>", "a < b and c <d",
        "<div>\nblock\n</div>", "<!-- a comment -->", "x <span>inline</span> y", "<javascript:alert(1)>",
    ])
    func theRestIsRendered(_ before: String) {
        let html = MarkdownRenderer.html(before + "\n\n" + Self.rest)
        #expect(html.contains("<p dir=\"auto\">After it.</p>"), "\(html)")
        #expect(html.contains("<ul dir=\"auto\"><li>one</li><li>two</li></ul>"), "\(html)")
        #expect(html.contains("<h2 dir=\"auto\" id=\"h-heading\">Heading</h2>"), "\(html)")
    }

    @Test("raw HTML is shown as the text it is")
    func rawHTMLIsText() {
        #expect(MarkdownRenderer.html("x <span>inline</span> y") == "<p dir=\"auto\">x &lt;span&gt;inline&lt;/span&gt; y</p>")
        #expect(MarkdownRenderer.html("a < b") == "<p dir=\"auto\">a &lt; b</p>")
    }

    @Test("an autolink is a link, an e-mail address a mailto: link")
    func autolinks() {
        #expect(MarkdownRenderer.html("see <https://example.com/a_(b)> here")
            == #"<p dir="auto">see <a href="https://example.com/a_%28b%29">https://example.com/a_(b)</a> here</p>"#)
        #expect(MarkdownRenderer.html("<someone@example.com>") == #"<p dir="auto"><a href="mailto:someone@example.com">someone@example.com</a></p>"#)
    }

    @Test("angle brackets in code are escaped once")
    func code() {
        #expect(MarkdownRenderer.html("`<b>` and\n\n```\n<img src=x>\n```\n") == "<p dir=\"auto\"><code>&lt;b&gt;</code> and</p><pre><code>&lt;img src=x&gt;\n</code></pre>")
    }

    /// Ink ran a fence in a list item into the item's text (`<code></code>` and the code on one
    /// line), and read one after a blank line in a numbered list as code over the items after it.
    @Test("code in a list item is a code block in the item, its links and HTML text", arguments: [
        ("- item\n  ```js\n  let x = [[a]] < 2 && y\n  ```\n- next",
         "<ul dir=\"auto\"><li>item <pre><code>let x = [[a]] &lt; 2 &amp;&amp; y\n</code></pre></li><li>next</li></ul>"),
        ("- ```clojure\r\n  (def x \"[[b]]\")\r\n  ```\r\n- after",
         "<ul dir=\"auto\"><li><pre><code>(def x &quot;[[b]]&quot;)\n</code></pre></li><li>after</li></ul>"),
        ("- a\n    - ```\n      deep\n        deeper\n      ```\n    - b",
         "<ul dir=\"auto\"><li>a<ul dir=\"auto\"><li><pre><code>deep\n  deeper\n</code></pre></li><li>b</li></ul></li></ul>"),
        ("- a\n\t- ```clojure\n\t  {:a 1\n\t   :b 2}\n\t  ```\n\t- b",
         "<ul dir=\"auto\"><li>a<ul dir=\"auto\"><li><pre><code>{:a 1\n :b 2}\n</code></pre></li><li>b</li></ul></li></ul>"),
        ("1. one\n\n   ```\n   code *x*\n   ```\n\n2. two",
         "<ol dir=\"auto\"><li>one</li></ol><pre><code>code *x*\n</code></pre><ol start=\"2\" dir=\"auto\"><li>two</li></ol>"),
        ("- ```\n  never closed\nA paragraph [[c]].",
         "<ul dir=\"auto\"><li><pre><code>never closed\n</code></pre></li></ul><p dir=\"auto\">A paragraph c.</p>"),
        ("text \u{E004}0\u{E005} typed", "<p dir=\"auto\">text \u{E004}0\u{E005} typed</p>"),
    ])
    func codeInListItems(_ markdown: String, _ expected: String) {
        #expect(MarkdownRenderer.html(markdown) == expected)
    }

    /// Ink kept a paragraph going through a break at its end: the blank lines became `<br>`s and
    /// the heading after them text.
    @Test("a line break at a paragraph's end is none; inside one it is one")
    func lineBreaks() {
        #expect(MarkdownRenderer.html("text  \n\n## After") == "<p dir=\"auto\">text</p><h2 dir=\"auto\" id=\"h-after\">After</h2>")
        #expect(MarkdownRenderer.html("text  \r\n\r\n## After") == "<p dir=\"auto\">text</p><h2 dir=\"auto\" id=\"h-after\">After</h2>")
        #expect(MarkdownRenderer.html("text  \n## After") == "<p dir=\"auto\">text</p><h2 dir=\"auto\" id=\"h-after\">After</h2>")
        #expect(MarkdownRenderer.html("a\\\n\n## b") == "<p dir=\"auto\">a&#92;</p><h2 dir=\"auto\" id=\"h-b\">b</h2>")
        #expect(MarkdownRenderer.html("a\\\\\n\n## b") == "<p dir=\"auto\">a&#92;</p><h2 dir=\"auto\" id=\"h-b\">b</h2>")
        #expect(MarkdownRenderer.html("a  \nb") == "<p dir=\"auto\">a<br>b</p>")
        #expect(MarkdownRenderer.html("```\ncode  \n\n```") == "<pre><code>code  \n\n</code></pre>")
    }

    @Test("a task list shows its boxes, not their brackets; a [ ] elsewhere is text")
    func taskLists() {
        #expect(MarkdownRenderer.html("- [ ] to do\n- [x] done\n  - [X] nested\n\n1. [ ] first") ==
            "<ul dir=\"auto\"><li>☐ to do</li><li>☑ done<ul dir=\"auto\"><li>☑ nested</li></ul></li></ul><ol dir=\"auto\"><li>☐ first</li></ol>")
        #expect(MarkdownRenderer.html("a [ ] b\n\n```\n- [ ] code\n```") == "<p dir=\"auto\">a [ ] b</p><pre><code>- [ ] code\n</code></pre>")
    }
}

/// A note beginning with `---` stopped quill-server when its page was shown (Ink's front matter
/// reader ran past the end of a note that never closed it).
@Suite("Markdown rendering, a first ---")
struct MarkdownFrontMatterTests {
    @Test("a first --- that opens no front matter is a thematic break",
          arguments: ["---\nabc\n", "---\n\n", "\n  ---\nabc\n\n## x\n", "---\nabc", "---\nIntro\n\n---\nMain\n"])
    func aLoneFirstRuleIsARule(_ markdown: String) {
        let html = MarkdownRenderer.html(markdown)
        #expect(html.hasPrefix("<hr>"), "\(html)")
    }

    @Test("front matter closed by --- or ... is not shown", arguments: ["---\ntitle: x\n---\nBody.\n", "---\ntags:\n  - a\n...\nBody.\n",
                                                                        "---\na: b\n---\n---\nc: d\n---\nBody.\n"])
    func frontMatterIsNotShown(_ markdown: String) {
        #expect(MarkdownRenderer.html(markdown) == "<p dir=\"auto\">Body.</p>")
    }

    /// A table wider than a phone made the whole page scroll sideways.
    @Test("a table scrolls in a box of its own, closed after it, and its cells read in their own direction")
    func aTableHasItsOwnBox() {
        let html = MarkdownRenderer.html("Before.\n\n| a | b |\n|---|---|\n| 1 | שלום |\n\nAfter.")
        #expect(html.hasPrefix(#"<p dir="auto">Before.</p><div class="table" tabindex="0"><table>"#), "\(html)")
        #expect(html.hasSuffix(#"</table></div><p dir="auto">After.</p>"#), "\(html)")
        #expect(html.contains(#"<td dir="auto">שלום</td>"#), "\(html)")
    }

    /// A URL pasted as it is was text: Obsidian and GitHub show it as a link.
    @Test("a bare http or https URL is a link, without the punctuation after it", arguments: [
        ("see https://example.com/a_(b). Next", #"<p dir="auto">see <a href="https://example.com/a_%28b%29">https://example.com/a_(b)</a>. Next</p>"#),
        ("(http://example.com/x?y=1&z=2)", #"<p dir="auto">(<a href="http://example.com/x?y=1&amp;z=2">http://example.com/x?y=1&amp;z=2</a>)</p>"#),
        ("https://example.com/a_b_c*d*", #"<p dir="auto"><a href="https://example.com/a_b_c*d">https://example.com/a_b_c*d</a>*</p>"#),
        ("https://example.com/path, and **https://example.org/**!",
         #"<p dir="auto"><a href="https://example.com/path">https://example.com/path</a>, and <strong><a href="https://example.org/">https://example.org/</a></strong>!</p>"#),
        ("東京 https://ja.wikipedia.org/wiki/東京\u{3000}です", #"<p dir="auto">東京 <a href="https://ja.wikipedia.org/wiki/東京">https://ja.wikipedia.org/wiki/東京</a>\#u{3000}です</p>"#),
    ])
    func bareURLsAreLinks(_ markdown: String, _ html: String) {
        #expect(MarkdownRenderer.html(markdown) == html)
    }

    @Test("a URL that is part of a link, code, a definition, an indented line or a word is left as it is", arguments: [
        ("[the site](https://example.com)", #"<p dir="auto"><a href="https://example.com">the site</a></p>"#),
        ("[see https://example.com](https://example.org)", #"<p dir="auto"><a href="https://example.org">see https://example.com</a></p>"#),
        ("<https://example.com>", #"<p dir="auto"><a href="https://example.com">https://example.com</a></p>"#),
        ("`https://example.com` and\n\n```\nhttps://example.org\n```", #"<p dir="auto"><code>https://example.com</code> and</p><pre><code>https://example.org\#n</code></pre>"#),
        ("[site][1]\n\n[1]: https://example.com", #"<p dir="auto"><a href="https://example.com">site</a></p>"#),
        ("詳細はhttps://example.com", #"<p dir="auto">詳細はhttps://example.com</p>"#),
        ("javascript://example.com and https:// alone", #"<p dir="auto">javascript://example.com and https:// alone</p>"#),
    ])
    func urlsThatAreNotBare(_ markdown: String, _ html: String) {
        #expect(MarkdownRenderer.html(markdown) == html)
    }

    /// Ink read a footnote's definition as a link's reference and dropped it: what the footnote
    /// said was nowhere on the page.
    @Test("footnotes are links to a list after the text, numbered as first referred to; nothing written is hidden")
    func footnotes() {
        let html = MarkdownRenderer.html("Text[^a] and again[^a], other[^2], none[^x].\n\n[^2]: Second,\n    continued.\n\n    More.\n[^a]: First **one**.\n\nAfter.\n\n[^lone]: Never referred to.")
        #expect(html == ##"<p dir="auto">Text<a href="#fn-1">[1]</a> and again<a href="#fn-1">[1]</a>, other<a href="#fn-2">[2]</a>, none[^x].</p>"##
            + ##"<p dir="auto">After.</p><section class="footnotes" aria-label="Footnotes"><ol>"##
            + ##"<li id="fn-1" dir="auto"><p dir="auto">First <strong>one</strong>.</p></li>"##
            + ##"<li id="fn-2" dir="auto"><p dir="auto">Second, continued.</p><p dir="auto">More.</p></li>"##
            + ##"<li id="fn-3" dir="auto"><p dir="auto">Never referred to.</p></li></ol></section>"##, "\(html)")
        #expect(MarkdownRenderer.html("`[^1]` and [^1]\r\n\r\n[^1]: Said.\r\n") == ##"<p dir="auto"><code>[^1]</code> and <a href="#fn-1">[1]</a></p>"##
            + ##"<section class="footnotes" aria-label="Footnotes"><ol><li id="fn-1" dir="auto"><p dir="auto">Said.</p></li></ol></section>"##)
        #expect(MarkdownRenderer.html("No footnote [^1] here.") == ##"<p dir="auto">No footnote [^1] here.</p>"##)
    }

    /// Ink wrote headings without ids: a note's table of contents led nowhere.
    @Test("headings are places a link in the note leads to, by their text, each id once")
    func headingAnchors() {
        let html = MarkdownRenderer.html("[Go](#setup), [two](#Größe-&-Maß), [footnote](#fn-1)\n\n## Setup\n\n## Größe & *Maß*\n\n# Setup\n\n### Main")
        #expect(html == ##"<p dir="auto"><a href="#h-setup">Go</a>, <a href="#h-größe--maß">two</a>, <a href="#fn-1">footnote</a></p>"##
            + ##"<h2 dir="auto" id="h-setup">Setup</h2><h2 dir="auto" id="h-größe--maß">Größe &amp; <em>Maß</em></h2>"##
            + ##"<h1 dir="auto" id="h-setup-1">Setup</h1><h3 dir="auto" id="h-main">Main</h3>"##, "\(html)")
        #expect(HeadingAnchors.fragment("Part%20two") == "#h-part-two" && HeadingAnchors.slug("Ελληνικά 日本語 (v2)") == "ελληνικά-日本語-v2")
    }

    /// Obsidian's links to a heading of the same note were shown as their brackets.
    @Test("a wikilink to a heading of the same note leads to it")
    func linksWithinTheNote() {
        let html = MarkdownRenderer.html("See [[#Part two]], [[#Part two|the second]], [[#A#B]] and `[[#code]]`.\n\n## Part two\n\n## B")
        #expect(html == ##"<p dir="auto">See <a href="#h-part-two">Part two</a>, <a href="#h-part-two">the second</a>, <a href="#h-b">A › B</a> and <code>[[#code]]</code>.</p>"##
            + ##"<h2 dir="auto" id="h-part-two">Part two</h2><h2 dir="auto" id="h-b">B</h2>"##, "\(html)")
    }

    /// A block's ID (` ^id`, Obsidian's, and a Roam import's) was shown at its end, and a link to it led to the note's top.
    @Test("a block ID that ends a block's text is an anchor a link leads to, not text")
    func blockAnchors() {
        let html = MarkdownRenderer.html("- one ^abc-1\n    - two ^Z_9\n\nA paragraph ^p1\n\nNot^this, nor ^this one.\n\n```\ncode ^kept\n```\n\nSee [[#^p1]].")
        #expect(html == ##"<ul dir="auto"><li>one<span id="b-abc-1"></span><ul dir="auto"><li>two<span id="b-Z_9"></span></li></ul></li></ul>"##
            + ##"<p dir="auto">A paragraph<span id="b-p1"></span></p><p dir="auto">Not^this, nor ^this one.</p>"##
            + ##"<pre><code>code ^kept\##n</code></pre><p dir="auto">See <a href="#b-p1">^p1</a>.</p>"##, "\(html)")
        let link = NoteLink.scan("[[Other^abc]] [[Other#^abc]] [[Other#Part]]")
        #expect(link.map(HeadingAnchors.destination) == ["#b-abc", "#b-abc", "#h-part"])
    }

    /// Obsidian's callouts showed their marker (`[!tip]-`) and ran their title into the text.
    @Test("a callout's first line is its quotation's title, open even when folded", arguments: [
        ("> [!tip]- Check for duplicates first\n> Before you ask.", ##"<blockquote><p dir="auto"><strong>Check for duplicates first</strong></p><p dir="auto">Before you ask.</p></blockquote>"##),
        ("> [!NOTE]\n> Body", ##"<blockquote><p dir="auto"><strong>Note</strong></p><p dir="auto">Body</p></blockquote>"##),
        ("```\n> [!tip] in code\n```", ##"<pre><code>&gt; [!tip] in code\##n</code></pre>"##),
        ("> [!info] Alone", ##"<blockquote><p dir="auto"><strong>Alone</strong></p></blockquote>"##),
        ("> Not [!tip] a callout", ##"<blockquote><p dir="auto">Not [!tip] a callout</p></blockquote>"##),
    ])
    func callouts(_ markdown: String, _ html: String) {
        #expect(MarkdownRenderer.html(markdown) == html)
    }

    /// Ink ran a quotation's lines into one paragraph: a list or a second paragraph in it was one line.
    @Test("a quotation holds Markdown of its own, however deep")
    func quotations() {
        #expect(MarkdownRenderer.html("> Items:\n>\n> - one\n> - two\n>\n> > Inner [[#Items]].\n\nAfter.")
            == ##"<blockquote><p dir="auto">Items:</p><ul dir="auto"><li>one</li><li>two</li></ul><blockquote><p dir="auto">Inner <a href="#h-items">Items</a>.</p></blockquote></blockquote><p dir="auto">After.</p>"##)
        let deep = MarkdownRenderer.html(String(repeating: "> ", count: 5000) + "deep")
        #expect(deep.contains("deep") && deep.hasPrefix(String(repeating: "<blockquote>", count: MarkdownRenderer.maximumQuotationDepth)))
    }

    /// Obsidian's tables write a cell's lines with `<br>`: it was shown as text.
    @Test("a <br> is a line break, in a table's cell too; any other raw HTML, or a <br> in code, is text")
    func lineBreaks() {
        #expect(MarkdownRenderer.html("| a | b |\n|---|---|\n| one<br>two | x<BR/>y |")
            == ##"<div class="table" tabindex="0"><table><thead><tr><th dir="auto">a</th><th dir="auto">b</th></tr></thead><tbody><tr><td dir="auto">one<br>two</td><td dir="auto">x<br>y</td></tr></tbody></table></div>"##)
        #expect(MarkdownRenderer.html("line<br />next `<br>` <br onclick=alert(1)> <brx>")
            == ##"<p dir="auto">line<br>next <code>&lt;br&gt;</code> &lt;br onclick=alert(1)&gt; &lt;brx&gt;</p>"##)
    }

    /// Obsidian's highlights (`==words==`) were shown with their marks.
    @Test("a highlight is marked; == in code, in a link's address, with space inside or as an operator is text")
    func highlights() {
        #expect(MarkdownRenderer.html("A ==marked **bold**== word, a == b == c, `==code==`, ==open and [x](https://e.example/?a==b==c)")
            == ##"<p dir="auto">A <mark>marked <strong>bold</strong></mark> word, a == b == c, <code>==code==</code>, ==open and <a href="https://e.example/?a==b==c">x</a></p>"##)
        #expect(MarkdownRenderer.html("> ==quoted==\n\n| ==cell== |\n|---|\n| x |").contains("<blockquote><p dir=\"auto\"><mark>quoted</mark></p></blockquote>"))
    }
}
