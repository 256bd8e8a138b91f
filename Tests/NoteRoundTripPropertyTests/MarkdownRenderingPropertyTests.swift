import PropertyBased
import Testing
import WebReaderFeature

/// Whatever a note holds before it, a heading after a blank line is a heading on the page: no
/// text, raw HTML, stray bracket or line break takes the rest of the note with it, and none stops
/// the process (Ink's readers ran past the end of some texts, and a trap takes quill-server down).
@Suite("Markdown rendering, any text")
struct MarkdownRenderingPropertyTests {
    struct Scenario: Sendable, CustomTestStringConvertible {
        let before: String
        var testDescription: String { "before: \(NoteInput.spelled(before))" }
    }

    /// Pieces of Markdown's syntax, and the white space and line ends around them, but no code
    /// fence (which would rightly make the heading code).
    static let syntax = [
        "-", "---", "\n", "\n\n", " ", "  ", "    ", "*", "**", "_", "#", "## ", ">", "> ", "<", "`", "[", "]", "(", ")", "!", "|",
        "| a |", "|---|", "1.", "1) ", "+", "\\", "&", ";", ":", "a", "é", "日", "\r\n", "\r", "\t", "\u{85}", "\u{2028}", "\u{3000}",
        "x:", "[x]: ", "http://a", "https://a.example/(b)", "https://", "](", "[^1]", "[^1]: ", "<a>", "</a>", "<br>", "<img src=x>", "<https://a.example>", "=", "==", "- [ ] ", "\\\n", "  \n",
    ]

    static let scenarios = Generator<Scenario, Shrink.None<Scenario>> { rng in
        let text: String
        if Bool.random(using: &rng) {
            text = NastyText.text(length: Int.random(in: 0...60, using: &rng), &rng)
        } else {
            text = (0..<Int.random(in: 1...30, using: &rng)).map { _ in syntax.randomElement(using: &rng) ?? "" }.joined()
        }
        return Scenario(before: AttachmentReferenceRoundTripTests.withoutCode(text))
    }

    @Test("the heading after any text is rendered")
    func theHeadingAfterAnyTextIsRendered() async {
        await propertyCheck(count: Budget.cases * 5, input: Self.scenarios) { scenario in
            let html = MarkdownRenderer.html(scenario.before + "\n\n## The end\n")
            // Footnotes, if the text defines some, come after it.
            #expect(html.hasSuffix(#"<h2 dir="auto" id="h-the-end">The end</h2>"#) || html.contains(#"<h2 dir="auto" id="h-the-end">The end</h2><section class="footnotes""#), "\(html)")
            // The text alone, as a note that ends with it.
            _ = MarkdownRenderer.html(scenario.before)
        }
    }
}
