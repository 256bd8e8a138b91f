@testable import ImportFormatsFeature
import PropertyBased
import Testing

/// HTML as notes write it, made Markdown: each construct, escaping, and text that survives.
@Suite struct MarkdownWriterTests {
    func markdown(_ html: String) throws -> String {
        MarkdownWriter().markdown(try HTMLElement.parse(Array(html.utf8)))
    }

    @Test("headings, paragraphs, emphasis, links, images, rules and line breaks")
    func inlineAndBlocks() throws {
        #expect(try markdown("<h2>Title <b>bold</b></h2><div>one <i>two</i> <span style=\"font-weight: bold;\">three</span></div><hr/><p>a<br/>b</p>") ==
            "## Title **bold**\n\none *two* **three**\n\n***\n\na  \nb\n")
        #expect(try markdown(#"<div><a href="https://example.org/a b">the site</a> <img src="p.png" alt="pic"/> <s>gone</s> <code>x`y</code></div>"#) ==
            "[the site](<https://example.org/a b>) ![pic](p.png) ~~gone~~ ``x`y``\n")
    }

    @Test("lists nest and number; checkboxes make checklists")
    func lists() throws {
        #expect(try markdown("<ul><li>a<ul><li>b</li></ul></li><li>c</li></ul><ol start=\"3\"><li>x</li><li>y</li></ol>") ==
            "- a\n  - b\n- c\n\n3. x\n4. y\n")
    }

    @Test("quotes, code blocks (fenced longer than what is inside) and tables")
    func quotesCodeTables() throws {
        #expect(try markdown("<blockquote><p>said</p><p>twice</p></blockquote><pre>let a = 1\n```\n</pre>") ==
            "> said\n>\n> twice\n\n````\nlet a = 1\n```\n````\n")
        #expect(try markdown("<table><tr><th>k</th><th>v|w</th></tr><tr><td><div>1</div><div>2</div></td></tr></table>") ==
            "| k | v\\|w |\n| --- | --- |\n| 1<br>2 |  |\n")
    }

    @Test("text that would be markup is escaped; what HTML never shows is left out")
    func escaping() throws {
        #expect(try markdown("<div># not a heading *nor* [a link]</div><div>1. not a list</div><script>x()</script><style>p{}</style>") ==
            "\\# not a heading \\*nor\\* \\[a link\\]\n\n1\\. not a list\n")
    }

    @Test("any text in a paragraph comes back whole once its escapes are read")
    func textSurvives() async {
        let anyScalars = Generator<[Unicode.Scalar], Shrink.None<[Unicode.Scalar]>> { rng in
            (0..<Int.random(in: 0...40, using: &rng)).compactMap { _ in
                // Half of them from Markdown's and HTML's syntax, the rest from anywhere.
                Bool.random(using: &rng) ? "\\`*_[]<>#-+=~.!|&;".unicodeScalars.randomElement(using: &rng)
                    : Unicode.Scalar(UInt32.random(in: 0x21...0x10FFFF, using: &rng))
            }
        }
        await propertyCheck(input: anyScalars) { scalars in
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars.filter { $0.value >= 0x20 && !$0.properties.isWhitespace && $0.value != 0x7F && !(0xE000...0xF8FF).contains($0.value) })
            let escaped = text.unicodeScalars.map { "&#\($0.value);" }.joined()
            let written = try markdown("<p>" + escaped + "</p>")
            var unescaped = ""
            var iterator = written.makeIterator()
            while let character = iterator.next() {
                if character == "\\", let next = iterator.next() { unescaped.append(next) } else { unescaped.append(character) }
            }
            #expect(unescaped == (text.isEmpty ? "" : text + "\n"), "text \(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
}
