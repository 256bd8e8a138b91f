/// The private-use characters `InkSource` gives Ink in place of what Ink would read wrongly (a
/// `<br>`, a highlight's `==`), made into HTML again once the page's HTML is safe.
///
/// Exists so that the allow-list never sees those elements come from a note: they are written
/// here, and only in text. In a tag (a link's address, a picture's text) each placeholder becomes
/// what the note wrote, escaped.
enum Placeholders {
    private static let replacements: [(placeholder: String, inText: String, inTag: String)] = [
        (InkSource.lineBreak, "<br>", "&lt;br&gt;"),
        (InkSource.highlightStart, "<mark>", "=="),
        (InkSource.highlightEnd, "</mark>", "=="),
    ]

    /// `html` (made safe) with each placeholder as its element in text, and as what it stood
    /// for in a tag; each of `ListCodeBlocks`' as its block (`codeBlocks`), in place of the
    /// paragraph Ink may have made of it alone.
    static func restored(_ html: String, codeBlocks: [String] = []) -> String {
        guard html.unicodeScalars.contains(where: { (0xE000...0xE005).contains($0.value) }) else { return html }
        var output = ""
        output.reserveCapacity(html.utf8.count)
        var inTag = false
        var rest = html[...]
        while let next = rest.firstIndex(where: { $0 == "<" || $0 == ">" || $0.unicodeScalars.first.map { (0xE000...0xE005).contains($0.value) } ?? false }) {
            output += rest[..<next]
            rest = rest[next...]
            if let (index, length) = codeBlock(at: rest, paragraph: true) ?? codeBlock(at: rest, paragraph: false), index < codeBlocks.count {
                if !inTag { output += codeBlocks[index] }
                rest = rest.dropFirst(length)
            } else if rest.first == "<" || rest.first == ">" {
                inTag = rest.first == "<"
                output.append(rest.removeFirst())
            } else if let match = replacements.first(where: { rest.hasPrefix($0.placeholder) }) {
                output += inTag ? match.inTag : match.inText
                rest = rest.dropFirst(match.placeholder.count)
            } else {
                output.append(rest.removeFirst())
            }
        }
        return output + rest
    }

    /// The code block whose placeholder `text` starts with (alone in a paragraph, with
    /// `paragraph`), and how many characters it takes.
    private static func codeBlock(at text: Substring, paragraph: Bool) -> (index: Int, length: Int)? {
        let opening = paragraph ? #"<p dir="auto">"# + ListCodeBlocks.start : ListCodeBlocks.start
        guard text.hasPrefix(opening) else { return nil }
        let digits = text.dropFirst(opening.count).prefix { $0.isASCII && $0.isNumber }
        let closing = paragraph ? ListCodeBlocks.end + "</p>" : ListCodeBlocks.end
        guard let index = Int(digits), text.dropFirst(opening.count + digits.count).hasPrefix(closing) else { return nil }
        return (index, opening.count + digits.count + closing.count)
    }
}
