/// The blocks of a note's page that a link can lead to: a paragraph, list item, heading or table
/// cell whose text ends with a block ID (` ^id`, as Obsidian marks a block and a Roam import marks
/// the blocks other notes show) gets an anchor there in place of the ID's text, and a link to a
/// block (`[[Other^id]]`, `[[Other#^id]]`, `[[#^id]]`) leads to it.
///
/// Exists because the ID is for links, not for reading: a page showed it at the end of the text,
/// and a link to the block led to the top of the note.
enum BlockAnchors {
    static let prefix = "b-"

    /// The anchor of the block a fragment names (`^id`, `#^id`), if it names one.
    static func fragment(_ written: String) -> String? {
        let name = written.drop { $0 == "#" }
        guard name.hasPrefix("^"), isID(name.dropFirst()) else { return nil }
        return "#" + prefix + name.dropFirst()
    }

    /// The HTML (made safe) with each block ID that ends a block's text replaced by an anchor
    /// (`<span id="b-id"></span>`); code is left as it is.
    static func anchored(_ html: String) -> String {
        guard html.contains(" ^") else { return html }
        var output = ""
        output.reserveCapacity(html.utf8.count)
        var inCode = 0
        var rest = html[...]
        while let open = rest.firstIndex(of: "<") {
            var text = rest[..<open]
            let tagEnd = rest[open...].firstIndex(of: ">").map { rest.index(after: $0) } ?? rest.endIndex
            let tag = rest[open..<tagEnd]
            if inCode == 0, endsBlock(tag), let (kept, id) = trailingID(text) {
                text = kept
                output += text + #"<span id=""# + prefix + id + #""></span>"#
            } else {
                output += text
            }
            if tag.hasPrefix("<code") || tag.hasPrefix("<pre") { inCode += 1 }
            if tag.hasPrefix("</code") || tag.hasPrefix("</pre") { inCode = max(0, inCode - 1) }
            output += tag
            rest = rest[tagEnd...]
        }
        return output + rest
    }

    /// Whether a tag ends the text of a block: its close, or a list or line break after it.
    private static func endsBlock(_ tag: Substring) -> Bool {
        ["</p>", "</li>", "</td>", "</th>", "<ul", "<ol", "<br"].contains { tag.hasPrefix($0) }
            || (tag.hasPrefix("</h") && tag.count == 5)
    }

    /// The text without a last ` ^id` (white space after it allowed), and the ID.
    private static func trailingID(_ text: Substring) -> (Substring, Substring)? {
        var end = text.endIndex
        while end > text.startIndex, text[text.index(before: end)] == " " || text[text.index(before: end)] == "\n" { end = text.index(before: end) }
        guard let caret = text[..<end].lastIndex(of: "^"), caret > text.startIndex,
              text[text.index(before: caret)] == " ", isID(text[text.index(after: caret)..<end]) else { return nil }
        return (text[..<text.index(before: caret)], text[text.index(after: caret)..<end])
    }

    private static func isID(_ text: Substring) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
}
