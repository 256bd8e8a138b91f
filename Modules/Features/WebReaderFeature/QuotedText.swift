/// The text inside a Markdown quotation: each line without its `>` marker.
///
/// Exists so that a quotation can be rendered as Markdown of its own (`MarkdownRenderer`):
/// Ink runs a quotation's lines into one paragraph.
enum QuotedText {
    /// `text` (the quotation as written, from its first `>`) with each line's marker taken away:
    /// up to three spaces, `>`, and one space after it. A line without a marker (a lazy
    /// continuation) is kept as it is.
    static func inner(_ text: Substring) -> String {
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let indented = line.prefix(while: { $0 == " " })
            var rest = line.dropFirst(indented.count)
            guard indented.count <= 3, rest.first == ">" else {
                lines.append(line)
                continue
            }
            rest = rest.dropFirst()
            if rest.first == " " { rest = rest.dropFirst() }
            lines.append(rest)
        }
        return lines.joined(separator: "\n")
    }
}
