/// Where a Markdown text holds code: fenced code blocks and inline code spans.
///
/// Exists because a reference written inside code (an example of the syntax, a snippet) is text,
/// not a reference: the attachment and link scanners read the text with its code blanked out,
/// and blanking keeps every other byte at its offset.
public enum MarkdownCode {
    /// The text's UTF-8 bytes with every byte of code (fences and backticks included) replaced by
    /// a space, line ends kept.
    public static func blanked(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        var inlineStart = 0
        var lineStart = 0
        var fence: (marker: UInt8, count: Int)?
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0a) ?? bytes.count
            let opening = fenceOf(bytes[lineStart..<lineEnd])
            if let open = fence {
                if let close = opening, close.marker == open.marker, close.count >= open.count, close.closesOnly {
                    fence = nil
                }
                blank(&bytes, lineStart..<lineEnd)
            } else if let opening {
                blankInline(&bytes, inlineStart..<lineStart)
                fence = (opening.marker, opening.count)
                blank(&bytes, lineStart..<lineEnd)
                inlineStart = lineEnd
            } else if lineStart == lineEnd {
                // A blank line ends a paragraph, and with it any inline code span.
                blankInline(&bytes, inlineStart..<lineStart)
                inlineStart = lineEnd
            }
            if fence != nil { inlineStart = lineEnd }
            lineStart = lineEnd + 1
        }
        if fence == nil { blankInline(&bytes, inlineStart..<bytes.count) }
        return bytes
    }

    /// A fence line: up to three spaces, then three or more backticks or tildes.
    private static func fenceOf(_ line: ArraySlice<UInt8>) -> (marker: UInt8, count: Int, closesOnly: Bool)? {
        var index = line.startIndex
        while index < line.endIndex, line[index] == 0x20, index - line.startIndex < 3 { index += 1 }
        guard index < line.endIndex, line[index] == backtick || line[index] == tilde else { return nil }
        let marker = line[index]
        let run = line[index...].prefix { $0 == marker }.count
        guard run >= 3 else { return nil }
        let rest = line[(index + run)...]
        if marker == backtick, rest.contains(backtick) { return nil }
        return (marker, run, rest.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0d })
    }

    /// Blanks the code spans of a run of text outside fences: a run of N backticks up to the
    /// next run of exactly N; an unmatched run is literal text.
    private static func blankInline(_ bytes: inout [UInt8], _ range: Range<Int>) {
        var index = range.lowerBound
        while index < range.upperBound {
            guard bytes[index] == backtick else {
                index += 1
                continue
            }
            let run = bytes[index..<range.upperBound].prefix { $0 == backtick }.count
            var search = index + run
            var closing: Int?
            while search < range.upperBound {
                if bytes[search] == backtick {
                    let length = bytes[search..<range.upperBound].prefix { $0 == backtick }.count
                    if length == run {
                        closing = search
                        break
                    }
                    search += length
                } else {
                    search += 1
                }
            }
            guard let closing else {
                index += run
                continue
            }
            blank(&bytes, index..<(closing + run))
            index = closing + run
        }
    }

    private static func blank(_ bytes: inout [UInt8], _ range: Range<Int>) {
        for index in range where bytes[index] != 0x0a { bytes[index] = 0x20 }
    }

    private static let backtick = UInt8(ascii: "`")
    private static let tilde = UInt8(ascii: "~")
}
