import Ink

/// A note's Markdown as HTML that is safe to put in a page.
///
/// Ink passes raw HTML through and writes link and image URLs into attributes as they are, so
/// the rendering is made safe twice: raw HTML fragments are escaped (a note's `<script>` is
/// shown as text), and Ink's output then goes through `HTMLAllowList`, which keeps only the
/// tags and attributes Markdown makes and only harmless URLs.
public enum MarkdownRenderer {
    public static func html(_ markdown: String) -> String {
        var parser = MarkdownParser()
        parser.addModifier(Modifier(target: .html) { input in HTMLAllowList.escaped(String(input.markdown)) })
        return HTMLAllowList.sanitized(parser.html(from: markdown))
    }
}
