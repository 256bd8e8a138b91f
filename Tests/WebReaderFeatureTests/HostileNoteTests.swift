import Foundation
import Testing
import WebReaderFeature

/// A hostile note runs no script and loads nothing from elsewhere: each payload rendered, then
/// the output checked for anything a browser would run or fetch.
@Suite struct HostileNoteTests {
    /// Elements that must never appear in the rendered HTML (lowercased).
    static let forbiddenElements = [
        "<script", "<iframe", "<svg", "<object", "<embed", "<style", "<link", "<meta", "<base", "<form", "<input", "<math",
        "<video", "<audio", "<source", "<details", "<body", "<div",
    ]
    /// The HTML without the renderer's own `div`s, the boxes of tables: any other is the note's.
    static func withoutTableBoxes(_ html: some StringProtocol) -> String {
        String(html).replacing(#"<div class="table" tabindex="0">"#, with: "")
    }
    /// What must never appear inside a tag that is left: handlers, styles, and URLs that run script or load data.
    static let forbiddenInTags = ["javascript:", "vbscript:", "data:", " on", "/on", "style=", "srcdoc", "formaction"]

    static let payloads: [String] = [
        "<script>alert(1)</script>",
        "<SCRIPT SRC=//evil.example/x.js></SCRIPT>",
        "text <script>alert(1)</script> inline",
        "[x](javascript:alert(1))",
        "[x](JaVaScRiPt:alert(1))",
        "[x]( javascript:alert(1))",
        "[x](java\tscript:alert(1))",
        "[x](jav&#x61;script:alert(1))",
        "[x](jav&#97;script:alert(1))",
        "[x](javascript&colon;alert(1))",
        "[x][r]\n\n[r]: javascript:alert(1)",
        "<javascript:alert(1)>",
        "<a href=\"javascript:alert(1)\">x</a>",
        "[x](https://ok.example\"onmouseover=\"alert(1))",
        "[x](https://ok.example\" onmouseover=\"alert(1))",
        "![x\" onerror=\"alert(1)](y)",
        "![x](y\"onerror=\"alert(1))",
        "<img src=x onerror=alert(1)>",
        "<img src=\"x\" onerror=\"alert(1)\">",
        "<body onload=alert(1)>",
        "<svg onload=alert(1)>",
        "<svg><script>alert(1)</script></svg>",
        "<iframe src=\"https://evil.example\"></iframe>",
        "<iframe srcdoc=\"<script>alert(1)</script>\"></iframe>",
        "<object data=\"https://evil.example/x.swf\"></object>",
        "<embed src=\"https://evil.example/x.swf\">",
        "<style>body{background:url(https://evil.example/x)}</style>",
        "<div style=\"background:url(https://evil.example/x)\">x</div>",
        "<p style=\"position:fixed;top:0;left:0;width:100%;height:100%\">overlay</p>",
        "<link rel=stylesheet href=https://evil.example/x.css>",
        "<meta http-equiv=\"refresh\" content=\"0;url=https://evil.example\">",
        "<base href=\"https://evil.example/\">",
        "<form action=\"https://evil.example\"><input name=x></form>",
        "![x](https://evil.example/track.png)",
        "![x](//evil.example/track.png)",
        "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
        "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
        "![x](\\\\evil.example/x.png)",
        "&lt;script&gt;alert(1)&lt;/script&gt;",
        "&#60;script&#62;alert(1)&#60;/script&#62;",
        "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
        "<<script>script>alert(1)<</script>/script>",
        "<scr<script>ipt>alert(1)</script>",
        "`<script>alert(1)</script>` and\n\n    <script>alert(2)</script>",
        "<video><source onerror=\"alert(1)\"></video>",
        "<a href=\"https://ok.example\" onclick=\"alert(1)\">x</a>",
        "<details open ontoggle=alert(1)>",
        "**<img src=x onerror=alert(1)>**",
        "| a |\n| - |\n| <img src=x onerror=alert(1)> |",
        "> <iframe src=https://evil.example>",
        "- <svg/onload=alert(1)>",
    ]

    @Test(arguments: payloads)
    func aHostilePayloadRendersToNothingThatRunsOrLoads(_ payload: String) {
        let html = MarkdownRenderer.html(payload).lowercased()
        for needle in Self.forbiddenElements {
            #expect(!Self.withoutTableBoxes(html).contains(needle), "\(needle) in \(html)")
        }
        for tag in html.matches(of: /<[^>]*>/) {
            // Outside the attributes' values, which cannot hold a quote: text in an `alt` is only text.
            let names = tag.0.replacing(/"[^"]*"/, with: "\"\"")
            for needle in Self.forbiddenInTags {
                #expect(!names.contains(needle), "\(needle) in \(tag.0) of \(html)")
            }
        }
        // Every tag left is one Markdown makes, and every URL left is harmless.
        for match in html.matches(of: /<\/?([a-z0-9]+)/) {
            #expect(["p", "br", "hr", "h1", "h2", "h3", "h4", "h5", "h6", "strong", "em", "b", "i", "s", "del", "code", "pre", "blockquote",
                     "ul", "ol", "li", "a", "img", "table", "thead", "tbody", "tr", "th", "td", "div"].contains(String(match.1)), "\(html)")
        }
        // The one element of the allow-list's own, the box of a table, is always the same and always closed.
        #expect(html.matches(of: /<div[^>]*>/).allSatisfy { $0.0 == #"<div class="table" tabindex="0">"# }, "\(html)")
        #expect(html.matches(of: /<div/).count == html.matches(of: /<\/div>/).count, "\(html)")
        // In tags: raw HTML shown as text may read `href="javascript:…"` and is only text.
        for tag in html.matches(of: /<[a-z][^>]*>/) {
            for match in tag.0.matches(of: /(href|src)="([^"]*)"/) {
                let url = String(match.2)
                if match.1 == "src" { #expect(!url.contains(":") && !url.hasPrefix("//"), "\(html)") }
                else { #expect(!url.contains(":") || url.hasPrefix("http://") || url.hasPrefix("https://") || url.hasPrefix("mailto:"), "\(html)") }
            }
        }
    }

    @Test func rawHTMLIsShownAsText() {
        #expect(MarkdownRenderer.html("<script>alert(1)</script>").contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(MarkdownRenderer.html("a <b>bold</b> word").contains("&lt;b&gt;bold&lt;/b&gt;"))
    }

    @Test func ordinaryMarkdownStillRenders() {
        let html = MarkdownRenderer.html("""
        # Title

        Some *emphasis*, **strong**, `code <tag>`, a [link](https://example.com/a?b=1&c=2), a [relative one](/notes/a1),
        a [mail](mailto:me@example.com) and ![a picture](/static/x.png).

        - one
        - two

        > quoted

        ```
        let x = a < b && c > d
        ```
        """)
        #expect(html.contains("<h1 dir=\"auto\" id=\"h-title\">Title</h1>"))
        #expect(html.contains("<em>emphasis</em>") && html.contains("<strong>strong</strong>"))
        #expect(html.contains("<code>code &lt;tag&gt;</code>"))
        #expect(html.contains(#"<a href="https://example.com/a?b=1&amp;c=2">link</a>"#))
        #expect(html.contains(#"<a href="/notes/a1">relative one</a>"#))
        #expect(html.contains(#"<a href="mailto:me@example.com">mail</a>"#))
        #expect(html.contains(#"<img src="/static/x.png" alt="a picture">"#))
        #expect(html.contains("<li>one</li>"))
        #expect(html.contains("<blockquote>"))
        #expect(html.contains("let x = a &lt; b &amp;&amp; c &gt; d"))
    }

    /// Ink leaves quotes in an image's alternative text as they are, which cut it short.
    @Test func quotesInAPicturesTextAreKept() {
        let html = MarkdownRenderer.html(#"![beach "day".png](attachments/ab/beach%20%22day%22.png) ![" onerror="alert(1)](x.png)"#)
        #expect(html.contains(#"<img src="attachments/ab/beach%20%22day%22.png" alt="beach &quot;day&quot;.png">"#), "\(html)")
        #expect(html.contains(#"<img src="x.png" alt="&quot; onerror=&quot;alert(1)">"#), "\(html)")
    }

    @Test func aDangerousLinkKeepsItsTextWithoutTheLink() {
        let html = MarkdownRenderer.html("[click me](javascript:alert(1))")
        #expect(html.contains("click me"))
        #expect(!html.contains("href"))
    }
}

/// An image from another site, which the page's policy does not load, is a link to it.
@Suite struct RemoteImageTests {
    @Test("a link named by its text, or its site when it has none; a dangerous address is no link")
    func remoteImagesAreLinks() {
        let html = MarkdownRenderer.html("""
        ![a <b>"cat"</b> & AT&T](https://example.com/cat.png?a=1&b=2) ![](https://firebasestorage.googleapis.com/v0/b/x.png)

        ![](//cdn.example.org/y.png) ![x](javascript:alert(1)) ![local](attachments/ab/z.png) ![2020_07_25 shot.png](https://cdn.example.org/s.png)
        """)
        #expect(html.contains(#"<a href="https://cdn.example.org/s.png">Image: 2020_07_25 shot.png</a>"#), "\(html)")
        #expect(html.contains(#"<a href="https://example.com/cat.png?a=1&amp;b=2">Image: a &lt;b&gt;&quot;cat&quot;&lt;/b&gt; &amp; AT&amp;T</a>"#), "\(html)")
        #expect(html.contains(#"<a href="https://firebasestorage.googleapis.com/v0/b/x.png">Image at firebasestorage.googleapis.com</a>"#), "\(html)")
        #expect(html.contains(#"<a href="//cdn.example.org/y.png">Image at cdn.example.org</a>"#), "\(html)")
        #expect(html.contains(#"<img src="attachments/ab/z.png" alt="local">"#), "\(html)")
        #expect(!html.contains("javascript") && !html.contains("<img src=\"http") && !html.contains("<img src=\"//"), "\(html)")
    }
}
