/// Where a Markdown text holds code: fenced code blocks and inline code spans.
///
/// Exists because a reference written inside code (an example of the syntax, a snippet) is text,
/// not a reference: the attachment and link scanners read the text with its code blanked out,
/// and blanking keeps every other byte at its offset. A fence may stand in a list item or a
/// quotation (`- ```js`, `  ```` under an item, `> ````), as outliners (Logseq, Roam) write every
/// code block; the web reader renders the same fences as code (`ListCodeBlocks`).
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
        private var fence: Fence?

        public init() {}

        /// Whether a fence is open after the lines read so far.
        public var isOpen: Bool { fence != nil }

        /// The line that closes the fence open after the lines read so far, if one is.
        public var closingLine: String? {
            fence.map { String(repeating: " ", count: $0.isInListMarker ? $0.column : 0)
                + String(repeating: Character(Unicode.Scalar($0.marker)), count: $0.count) }
        }

        /// What a line is to the fences, read after the lines before it.
        public enum Line: Sendable {
            case text
            case opening(Fence)
            case inside
            case closing
        }

        /// Whether `line` (without its line break) is code: a fence line, or a line inside a fence.
        public mutating func isCode(_ line: ArraySlice<UInt8>) -> Bool {
            if case .text = read(line) { return false }
            return true
        }

        /// What `line` (without its line break) is. A fence in a quotation ends with it (a line
        /// without `>`), and one after a list marker with its item (a line indented less than
        /// the marks): that line is then read as if no fence were open.
        public mutating func read(_ line: ArraySlice<UInt8>) -> Line {
            if let open = fence {
                if let close = Fence(line, opening: false), close.marker == open.marker, close.count >= open.count, close.closesOnly {
                    fence = nil
                    return .closing
                }
                guard open.contains(line) else {
                    fence = nil
                    return read(line)
                }
                return .inside
            }
            guard let found = Fence(line, opening: true) else { return .text }
            fence = found
            return .opening(found)
        }
    }

    /// A fence line: its container's prefix (indentation, and for an opening fence list markers
    /// `-` `*` `+` `1.` `1)`; quotation marks `>`), then three or more backticks or tildes.
    public struct Fence: Sendable {
        public let marker: UInt8
        public let count: Int
        /// Nothing but spaces follow the marks (a closing fence, or an opening one with no language).
        public let closesOnly: Bool
        /// Where the marks start in the line, from its start.
        public let column: Int
        /// The prefix holds a list marker.
        public let isInListMarker: Bool
        /// The prefix holds a quotation mark.
        public let isQuoted: Bool

        public init?(_ line: ArraySlice<UInt8>, opening: Bool) {
            var index = line.startIndex
            var listed = false, quoted = false
            while index < line.endIndex {
                let byte = line[index]
                if byte == 0x20 || byte == 0x09 {
                    index += 1
                } else if byte == UInt8(ascii: ">") {
                    quoted = true
                    index += 1
                } else if opening, let after = Self.afterListMarker(line, at: index) {
                    listed = true
                    index = after
                } else {
                    break
                }
            }
            guard index < line.endIndex, line[index] == backtick || line[index] == tilde else { return nil }
            let marker = line[index]
            let run = line[index...].prefix { $0 == marker }.count
            guard run >= 3 else { return nil }
            let rest = line[(index + run)...]
            if marker == backtick, rest.contains(backtick) { return nil }
            self.marker = marker
            count = run
            closesOnly = rest.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0d }
            column = index - line.startIndex
            isInListMarker = listed
            isQuoted = quoted
        }

        /// Whether `line`, read while this fence is open, is still inside the fence's container.
        func contains(_ line: ArraySlice<UInt8>) -> Bool {
            let text = line.last == 0x0d ? line.dropLast() : line
            let indentation = text.prefix { $0 == 0x20 || $0 == 0x09 }.count
            guard indentation < text.count else { return true }
            if isQuoted { return text[text.startIndex + indentation] == UInt8(ascii: ">") }
            return !isInListMarker || indentation >= column
        }

        /// Where a list item's text starts, if a list marker (`-`, `*`, `+`, or up to nine digits
        /// and `.` or `)`, then a space) is at `index`.
        fileprivate static func afterListMarker(_ line: ArraySlice<UInt8>, at index: Int) -> Int? {
            var after = index
            switch line[index] {
            case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"):
                after += 1
            default:
                let digits = line[index...].prefix(10).prefix { (0x30...0x39).contains($0) }.count
                guard (1...9).contains(digits), index + digits < line.endIndex,
                      line[index + digits] == UInt8(ascii: ".") || line[index + digits] == UInt8(ascii: ")") else { return nil }
                after += digits + 1
            }
            // An empty item (`-` alone on its line) is one too.
            guard after == line.endIndex || line[after] == 0x20 || line[after] == 0x09 || line[after] == 0x0d else { return nil }
            return after
        }
    }

    /// Whether `line` is a list item's first line: after its indentation, a list marker (`-`,
    /// `*`, `+`, or up to nine digits and `.` or `)`) and a space, or nothing (an empty item).
    public static func isListItem(_ line: ArraySlice<UInt8>) -> Bool {
        let start = line.firstIndex { $0 != 0x20 && $0 != 0x09 } ?? line.endIndex
        return start < line.endIndex && Fence.afterListMarker(line, at: start) != nil
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
