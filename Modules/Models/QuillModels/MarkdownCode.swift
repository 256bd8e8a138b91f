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
        var fences = FenceTracker()
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0a) ?? bytes.count
            let opening = !fences.isOpen
            if fences.isCode(bytes[lineStart..<lineEnd]) {
                if opening { blankInline(&bytes, inlineStart..<lineStart) }
                blank(&bytes, lineStart..<lineEnd)
                inlineStart = lineEnd
            } else if lineStart == lineEnd {
                // A blank line ends a paragraph, and with it any inline code span.
                blankInline(&bytes, inlineStart..<lineStart)
                inlineStart = lineEnd
            }
            lineStart = lineEnd + 1
        }
        if !fences.isOpen { blankInline(&bytes, inlineStart..<bytes.count) }
        return bytes
    }

    /// Which lines of a text, read in order, are fenced code: for readers that go line by line
    /// (a title found among the first lines must not be a `#` comment in a code block).
    public struct FenceTracker: Sendable {
        private var fence: (marker: UInt8, count: Int)?

        public init() {}

        /// Whether a fence is open after the lines read so far.
        public var isOpen: Bool { fence != nil }

        /// The line that closes the fence open after the lines read so far, if one is.
        public var closingLine: String? {
            fence.map { String(repeating: Character(Unicode.Scalar($0.marker)), count: $0.count) }
        }

        /// Whether `line` (without its line break) is code: a fence line, or a line inside a fence.
        public mutating func isCode(_ line: ArraySlice<UInt8>) -> Bool {
            let found = fenceOf(line)
            if let open = fence {
                if let close = found, close.marker == open.marker, close.count >= open.count, close.closesOnly { fence = nil }
                return true
            }
            guard let found else { return false }
            fence = (found.marker, found.count)
            return true
        }
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
    /// next run of exactly N; an unmatched run is literal text, and so is a backtick escaped
    /// with a backslash (as CommonMark reads them; inside a span a backslash is literal).
    private static func blankInline(_ bytes: inout [UInt8], _ range: Range<Int>) {
        var index = range.lowerBound
        while index < range.upperBound {
            guard bytes[index] == backtick else {
                index += 1
                continue
            }
            if isEscaped(bytes, index, from: range.lowerBound) {
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

    /// Whether the byte at `index` follows an odd run of backslashes (one not itself escaped).
    private static func isEscaped(_ bytes: [UInt8], _ index: Int, from start: Int) -> Bool {
        var backslashes = 0
        var before = index - 1
        while before >= start, bytes[before] == UInt8(ascii: "\\") {
            backslashes += 1
            before -= 1
        }
        return backslashes % 2 == 1
    }

    private static func blank(_ bytes: inout [UInt8], _ range: Range<Int>) {
        for index in range where bytes[index] != 0x0a { bytes[index] = 0x20 }
    }

    private static let backtick = UInt8(ascii: "`")
    private static let tilde = UInt8(ascii: "~")
}
