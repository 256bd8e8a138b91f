import Foundation
import QuillModels

/// The headings of a note's page as places a link can lead to: each gets an `id` made from its
/// text (`## Größe & Maß` → `h-größe--maß`, as GitHub makes them, behind a prefix of its own), and
/// each link to a place in the note (`[setup](#setup)`, `[[#Setup]]`) or another note's
/// (`[[Other note#Part two]]`) leads to the heading it names.
///
/// Exists because Ink writes headings without ids, so a note's table of contents and a wikilink
/// to another note's heading led nowhere. The prefix keeps a heading named "Main" or "Notes" from
/// taking the id of an element of the page itself.
enum HeadingAnchors {
    static let prefix = "h-"

    /// The heading's id without its prefix: the text lowercased, white space as `-`, and only
    /// letters, digits, `-` and `_` kept.
    static func slug(_ text: String) -> String {
        var slug = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar.properties.isWhitespace {
                slug.append("-")
            } else if scalar == "-" || scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
                        || scalar.properties.generalCategory == .nonspacingMark || scalar.properties.generalCategory == .spacingMark {
                slug.append(scalar)
            }
        }
        return String(slug)
    }

    /// What a link to another note adds to its page's address: the anchor of the block (`^id`,
    /// `#^id`: `BlockAnchors`) or heading its fragment names (`#Part two`; Obsidian's
    /// `#Part#Section` names the last), or nothing.
    static func destination(of link: NoteLink) -> String {
        if let fragment = link.fragment, let block = BlockAnchors.fragment(fragment) { return block }
        guard let fragment = link.fragment, fragment.hasPrefix("#"),
              let heading = fragment.split(separator: "#").last, !heading.isEmpty else { return "" }
        return self.fragment(String(heading))
    }

    /// The text with each wikilink to a heading of the same note (`[[#Part two]]`,
    /// `[[#Part two|the second part]]`, as Obsidian writes them) as a Markdown link to it.
    static func linkedWithinTheNote(_ markdown: String) -> String {
        guard markdown.contains("[[#") else { return markdown }
        let replacements = MarkdownReference.scan(markdown).compactMap { reference -> (Range<Int>, String)? in
            guard case .wikilink(let inner) = reference.kind, !reference.isEmbedded, inner.hasPrefix("#") else { return nil }
            // In a table, `|` is written `\|`.
            let parts = inner.replacingOccurrences(of: "\\|", with: "|").split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
            let headings = parts[0].split(separator: "#").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard let heading = headings.last else { return nil }
            let shown = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            let label = shown.isEmpty ? headings.joined(separator: " › ") : shown
            return (reference.utf8Range, "[" + AttachmentReference.escapedLabel(label) + "](#" + AttachmentName.percentEncoded(heading) + ")")
        }
        return UTF8Replacements.applying(replacements, to: markdown)
    }

    /// The fragment of a link to a heading (`#Part two`, `#part-two`, `%20` and all) or a block
    /// (`#^id`) as its anchor.
    static func fragment(_ written: String) -> String {
        if let block = BlockAnchors.fragment(AttachmentName.percentDecoded(written)) { return block }
        let name = written.hasPrefix("#") ? String(written.dropFirst()) : written
        return "#" + prefix + slug(AttachmentName.percentDecoded(name))
    }

    /// The HTML with each heading given its id (the second heading of one name gets `-1`, the
    /// third `-2`) and each link to a place in it (`href="#…"`, not a footnote's) led there.
    static func anchored(_ html: String) -> String {
        guard html.contains("<h") || html.contains(##"href="#"##) else { return html }
        var output = ""
        output.reserveCapacity(html.utf8.count + 64)
        var used: [String: Int] = [:]
        var rest = html[...]
        while let open = rest.range(of: "<") {
            output += rest[..<open.lowerBound]
            rest = rest[open.lowerBound...]
            if let heading = headingOpening(rest), let close = rest.range(of: "</h" + heading.level + ">") {
                let text = HTMLAllowList.decodedEntities(withoutTags(rest[heading.end..<close.lowerBound]))
                let base = slug(text)
                var tag = rest[..<heading.end]
                if !base.isEmpty {
                    let seen = used[base, default: 0]
                    used[base] = seen + 1
                    tag = tag.dropLast() + #" id=""# + prefix + base + (seen == 0 ? "" : "-\(seen)") + #"">"#
                }
                output += tag
                rest = rest[heading.end...]
            } else if rest.hasPrefix(##"<a href="#"##), let end = rest.dropFirst(10).firstIndex(of: "\""),
                      !rest[rest.index(rest.startIndex, offsetBy: 10)...].hasPrefix(Footnotes.anchorPrefix) {
                let written = String(rest[rest.index(rest.startIndex, offsetBy: 10)..<end])
                output += #"<a href=""# + fragment(HTMLAllowList.decodedEntities(written)) + "\""
                rest = rest[rest.index(after: end)...]
            } else {
                output += "<"
                rest = rest.dropFirst()
            }
        }
        return output + rest
    }

    /// `<h1 dir="auto">` … `<h6 dir="auto">` at the start of `text`: its level and the index after its `>`.
    private static func headingOpening(_ text: Substring) -> (level: String, end: Substring.Index)? {
        guard text.hasPrefix("<h"), let level = text.dropFirst(2).first, ("1"..."6").contains(level),
              text.dropFirst(3).hasPrefix(#" dir="auto">"#) else { return nil }
        return (String(level), text.index(text.startIndex, offsetBy: 3 + #" dir="auto">"#.count))
    }

    private static func withoutTags(_ html: Substring) -> String {
        var text = "", inTag = false
        for character in html {
            if character == "<" { inTag = true } else if character == ">" { inTag = false } else if !inTag { text.append(character) }
        }
        return text
    }
}
