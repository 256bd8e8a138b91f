import Foundation
import Ink
import QuillModels

/// A note's Markdown as HTML that is safe to put in a page.
///
/// Ink passes raw HTML through and writes link and image URLs into attributes as they are, so
/// the rendering is made safe twice: raw HTML is given to Ink as text (`InkSource`, which also
/// keeps Ink from taking the rest of a note as one unclosed element) and escaped should Ink still
/// find some (a note's `<script>` is shown as text), and Ink's output then goes through
/// `HTMLAllowList`, which keeps only the tags and attributes Markdown makes and only harmless URLs.
///
/// Links between notes (`NoteLink`) are first rewritten as Markdown links to their notes'
/// pages: a link the index resolved goes to `/notes/<id>`, a broken one to the form that creates
/// the note it names (`/notes/new?title=…`, styled as broken). A page that has no resolution at
/// hand shows each wikilink's text, never its brackets. A shared page (`sharedHTML`) writes each
/// link where `ShareRules` says, or as its text alone.
public enum MarkdownRenderer {
    public static func html(_ markdown: String, links: [ResolvedLink]? = nil) -> String {
        rendered(linked(markdown, links: links))
    }

    /// A shared note's Markdown as HTML: each link to a note leads to `destination` of its
    /// resolution (`nil`: its text alone, with no URL or ID), and each attachment reference to
    /// `attachmentBase` followed by its path (`/s/<token>/` + `attachments/<sha256>/<name>`) and
    /// `attachmentQuery` (a view-limited page's grant, `?until=…&grant=…`, or nothing).
    public static func sharedHTML(_ markdown: String, links: [ResolvedLink], attachmentBase: String, attachmentQuery: String = "",
                                  destination: (LinkResolution?) -> String?) -> String {
        let located = NoteLink.scanLocated(markdown)
        let resolutions = links.count == located.count ? links.map(\.resolution) : nil
        let linked = UTF8Replacements.applying(located.enumerated().map { index, place in
            let label = AttachmentReference.escapedLabel(place.link.label ?? (place.link.target + (place.link.fragment ?? "")))
            return (place.utf8Range, destination(resolutions?[index]).map { "[" + label + "](" + $0 + HeadingAnchors.destination(of: place.link) + ")" } ?? label)
        }, to: markdown)
        let attached = UTF8Replacements.applying(AttachmentReference.scan(linked).map { reference in
            let path = attachmentBase + AttachmentReference.path(hash: reference.hash, name: reference.name) + attachmentQuery
            return (reference.utf8Range, (reference.isEmbedded ? "!" : "") + "[" + AttachmentReference.escapedLabel(reference.label) + "](" + path + ")")
        }, to: linked)
        return rendered(attached)
    }

    /// The text's HTML, then its footnotes (`Footnotes`), each rendered on its own, in a list whose
    /// items the references link to. Its headings and marked blocks are places links lead to
    /// (`HeadingAnchors`, `BlockAnchors`).
    private static func rendered(_ markdown: String) -> String {
        let footnotes = Footnotes(HeadingAnchors.linkedWithinTheNote(markdown))
        guard !footnotes.notes.isEmpty else { return BlockAnchors.anchored(HeadingAnchors.anchored(renderedBlocks(footnotes.text))) }
        var html = renderedBlocks(footnotes.text) + #"<section class="footnotes" aria-label="Footnotes"><ol>"#
        for (index, note) in footnotes.notes.enumerated() {
            html += #"<li id=""# + Footnotes.anchor(index + 1) + #"" dir="auto">"# + renderedBlocks(note) + "</li>"
        }
        return BlockAnchors.anchored(HeadingAnchors.anchored(html + "</ol></section>"))
    }

    /// A quotation's text is rendered as Markdown of its own (Ink runs a quotation's lines into one
    /// paragraph: its lists, paragraphs and code would be one line), down to `maximumQuotationDepth`.
    private static func renderedBlocks(_ markdown: String, depth: Int = 0) -> String {
        var parser = MarkdownParser()
        parser.addModifier(Modifier(target: .html) { input in HTMLAllowList.escaped(String(input.markdown)) })
        parser.addModifier(Modifier(target: .images) { input in quotedImage(input.html, markdown: input.markdown) })
        if depth < maximumQuotationDepth {
            parser.addModifier(Modifier(target: .blockquotes) { input in
                "<blockquote>" + renderedBlocks(InkSource.withCalloutTitle(QuotedText.inner(input.markdown)), depth: depth + 1) + "</blockquote>"
            })
        }
        let source = InkSource.prepared(markdown)
        return Placeholders.restored(HTMLAllowList.sanitized(parser.html(from: source.text)), codeBlocks: source.codeBlocks)
    }

    /// Quotations inside quotations rendered as Markdown of their own; deeper ones as Ink renders them.
    static let maximumQuotationDepth = 5

    /// Ink writes an image as `<img src="URL" alt="TEXT"/>` with quotes inside either left as they
    /// are, which would cut the alternative text at its first quote (`beach "day".png`); here they
    /// are escaped. An image from another site, which the page may not load (its policy allows
    /// images from the server alone, so that reading a note tells no one else), is a link to it
    /// instead, named by its text or its site: `Image: TEXT`, `Image at HOST`.
    static func quotedImage(_ html: String, markdown: Substring) -> String {
        let start = "<img src=\"", separator = "\" alt=\"", end = "\"/>"
        guard html.hasPrefix(start), html.hasSuffix(end) else { return html }
        let inner = html.dropFirst(start.count).dropLast(end.count)
        let (source, alternative) = if let cut = inner.range(of: separator) {
            (inner[..<cut.lowerBound], inner[cut.upperBound...])
        } else {
            (inner, ""[...])
        }
        let address = source.replacingOccurrences(of: "\"", with: "%22")
        let decoded = HTMLAllowList.decodedEntities(address)
        if !HTMLAllowList.isSameOriginPath(decoded), HTMLAllowList.isSafeLink(decoded) {
            // The text as the note wrote it: Ink's renders emphasis in it (`2020_07_25` as `2020<em>07</em>25`).
            let words = markdown.hasPrefix("![") ? markdown.dropFirst(2).prefix(upTo: markdown.range(of: "](", options: .backwards)?.lowerBound
                ?? markdown.endIndex) : alternative
            let text = words.trimmingCharacters(in: .whitespaces).isEmpty
                ? "Image at " + (URLComponents(string: decoded)?.host ?? "another site") : "Image: " + words
            return "<a href=\"" + address + "\">" + HTMLAllowList.escaped(HTMLAllowList.decodedEntities(text)) + "</a>"
        }
        return start + address + separator + alternative.replacingOccurrences(of: "\"", with: "&quot;") + end
    }

    /// The text with each link to a note as a Markdown link to its page (or, without `links`, a
    /// wikilink as its text).
    static func linked(_ markdown: String, links: [ResolvedLink]?) -> String {
        let located = NoteLink.scanLocated(markdown)
        guard !located.isEmpty else { return markdown }
        let resolved = links.flatMap { $0.count == located.count ? $0 : nil }
        var replacements: [(Range<Int>, String)] = []
        for (index, place) in located.enumerated() {
            let link = place.link
            let text = AttachmentReference.escapedLabel(link.label ?? (link.target + (link.fragment ?? "")))
            let replacement: String
            if let resolution = resolved?[index].resolution {
                let destination = resolution.chosen.map { "/notes/\($0.id.rawValue)" + HeadingAnchors.destination(of: link) }
                    ?? "/notes/new?title=" + WebPages.queryEncoded(link.target)
                replacement = "[" + text + "](" + destination + ")"
            } else if link.form == .wikilink || link.form == .embed {
                replacement = text
            } else {
                continue
            }
            replacements.append((place.utf8Range, replacement))
        }
        return UTF8Replacements.applying(replacements, to: markdown)
    }
}
