import Foundation
import QuillModels

/// A note's Markdown as Ink is given it: raw HTML as text, autolinks as links, a task list's
/// boxes as ballot boxes.
///
/// Exists because Ink reads a `<` as the start of an HTML element and takes everything up to that
/// element's closing tag, which an `<img …>`, an autolink `<https://…>` or a stray `a <b` never
/// has: the rest of the note would be one run of escaped text, its paragraphs, lists and headings
/// unrendered. Every `<` outside code is given as `&lt;`, which Ink passes on as the character it
/// names (the web reader shows raw HTML as text, never runs it; a `<br>` alone is a line break),
/// and an autolink (CommonMark's
/// `<scheme:…>` and `<user@host>`) as the Markdown link it means. Ink knows no task lists
/// (`- [ ] to do`, `- [x] done`, as Obsidian and GitHub write them) and would show their
/// brackets; the box is given as ☐ or ☑. An Obsidian callout's first line (`> [!tip] Title`) is
/// given as its quotation's title. Code is left as it is: Ink escapes it itself.
///
/// Ink reads a first line `---` as the start of front matter and stops the process (an index out
/// of bounds) when the note ends before a line closes it, and its readers of lists look past a
/// note that ends in white space: such a note's page would take quill-server down. Front matter (a
/// block closed by `---` or `...` whose first line is a `key:`) is taken away here (Ink did not show
/// it either); a `---` that opens none is the thematic break it is, given as `***`, which Ink does
/// not read as front matter.
enum InkSource {
    /// The text for Ink, and the HTML of the list items' code blocks it holds placeholders for
    /// (`ListCodeBlocks`).
    static func prepared(_ markdown: String) -> (text: String, codeBlocks: [String]) {
        let listed = ListCodeBlocks.extracted(withoutFrontMatter(withoutBreaksBeforeBlocks(withoutTrailingWhitespace(markdown))))
        return (withBracketsRewritten(withHighlights(listed.text)), listed.blocks)
    }

    /// What a highlight's `==` are given to Ink as, and made `<mark>` and `</mark>` again after it
    /// (`Placeholders`): private-use characters, which Ink passes on as text.
    static let highlightStart = "\u{E002}\u{E003}\u{E002}", highlightEnd = "\u{E003}\u{E002}\u{E003}"

    /// The text with each highlight (`==words==`, as Obsidian writes one: on one line, outside
    /// code, no space just inside its marks) between `highlightStart` and `highlightEnd`.
    static func withHighlights(_ markdown: String) -> String {
        guard markdown.contains("==") else { return markdown }
        let blanked = MarkdownCode.blanked(markdown)
        let bytes = Array(markdown.utf8)
        let equals = UInt8(ascii: "="), space = UInt8(ascii: " "), newline = UInt8(ascii: "\n")
        func isMark(_ index: Int) -> Bool {
            index + 1 < bytes.count && blanked[index] == equals && blanked[index + 1] == equals
                && (index == 0 || blanked[index - 1] != equals) && (index + 2 >= bytes.count || blanked[index + 2] != equals)
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 32)
        var index = 0
        while index < bytes.count {
            guard isMark(index), index + 2 < bytes.count, ![space, newline, 0x09, 0x0d].contains(bytes[index + 2]) else {
                output.append(bytes[index])
                index += 1
                continue
            }
            // The closing marks on the same line, with no space just before them, and no link's
            // address or raw HTML between (where a mark could not close).
            var close = index + 3
            while close < bytes.count, bytes[close] != newline, bytes[close] != less,
                  !(bytes[close - 1] == UInt8(ascii: "]") && bytes[close] == UInt8(ascii: "(")),
                  !(isMark(close) && bytes[close - 1] != space && bytes[close - 1] != 0x09) { close += 1 }
            guard close < bytes.count, isMark(close) else {
                output.append(bytes[index])
                index += 1
                continue
            }
            output.append(contentsOf: highlightStart.utf8)
            output.append(contentsOf: bytes[(index + 2)..<close])
            output.append(contentsOf: highlightEnd.utf8)
            index = close + 2
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// A quotation's text (`QuotedText`) with a callout's first line (`[!tip]- Check first`, as
    /// Obsidian writes one) as its title, a paragraph in bold (the type, `Tip`, when it has no
    /// title). A folded callout (`-`) is shown open: nothing written is hidden.
    static func withCalloutTitle(_ quoted: String) -> String {
        guard quoted.hasPrefix("[!"), let close = quoted.firstIndex(of: "]") else { return quoted }
        let type = quoted[quoted.index(quoted.startIndex, offsetBy: 2)..<close]
        guard !type.isEmpty, type.unicodeScalars.allSatisfy({ $0.isASCII && (isLetter(UInt8($0.value)) || isDigit(UInt8($0.value)) || $0 == "-") })
        else { return quoted }
        let lineEnd = quoted[close...].firstIndex(where: \.isNewline) ?? quoted.endIndex
        var title = quoted[quoted.index(after: close)..<lineEnd]
        if let fold = title.first, fold == "+" || fold == "-" { title = title.dropFirst() }
        let written = title.trimmingCharacters(in: .whitespaces)
        let shown = written.isEmpty ? type.prefix(1).uppercased() + type.dropFirst().lowercased() : written
        return "**" + shown + "**\n\n" + (lineEnd < quoted.endIndex ? quoted[quoted.index(after: lineEnd)...] : "")
    }

    /// The text without a hard line break (two spaces or a backslash at a line's end) where the
    /// next line starts a block: Ink keeps the paragraph going through it, so that every blank line
    /// after would be a `<br>` and the heading or list after them text. As CommonMark has it, a
    /// paragraph's last line has no break: its spaces are dropped, and its backslash is shown.
    static func withoutBreaksBeforeBlocks(_ markdown: String) -> String {
        guard mayEndALineWithABreak(markdown) else { return markdown }
        // Lines as Ink reads them: each ends at a character that is a line end (`\n`, `\r\n`, `\r`,
        // U+2028…), kept as it is.
        var lines: [(content: Substring, end: Substring)] = []
        var start = markdown.startIndex
        var index = start
        while index < markdown.endIndex {
            let after = markdown.index(after: index)
            if markdown[index].isNewline {
                lines.append((markdown[start..<index], markdown[index..<after]))
                start = after
            }
            index = after
        }
        lines.append((markdown[start...], ""))
        var fences = MarkdownCode.FenceTracker()
        let isCode = lines.map { fences.isCode(Array($0.content.utf8)[...]) } + [false]
        var output = ""
        output.reserveCapacity(markdown.utf8.count)
        for (index, line) in lines.enumerated() {
            var content = line.content
            if index + 1 < lines.count, !isCode[index], !isCode[index + 1],
               lines[index + 1].content.allSatisfy(\.isWhitespace) || ["#", "`", "-"].contains(lines[index + 1].content.first) {
                while let last = content.last, last.isWhitespace { content = content.dropLast() }
                // Ink takes any backslash before a line end as a break, an escaped one too: each
                // backslash shown (`\\` one, a last lone `\` one) is given as its entity.
                let backslashes = content.reversed().prefix { $0 == "\\" }.count
                if backslashes > 0 {
                    output += content.dropLast(backslashes)
                    output += String(repeating: "&#92;", count: backslashes / 2 + backslashes % 2)
                    output += line.end
                    continue
                }
            }
            output += content
            output += line.end
        }
        return output
    }

    /// Whether some line may end with a break: a space, tab or backslash (or a character past
    /// ASCII, which may be white space) before a line end (`\n`, `\r`, or past ASCII). Most notes
    /// have none and are given to Ink as they are.
    private static func mayEndALineWithABreak(_ markdown: String) -> Bool {
        var previous: UInt8 = 0
        for byte in markdown.utf8 {
            if byte == 0x0a || byte == 0x0d || byte >= 0x80, previous == 0x20 || previous == 0x09 || previous == 0x5c || previous >= 0x80 { return true }
            previous = byte
        }
        return false
    }

    /// The text without the white space at its end, where Ink's readers of lists look past the
    /// last character (`1) \n ` stops the process).
    static func withoutTrailingWhitespace(_ markdown: String) -> String {
        guard let last = markdown.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(markdown[...last])
    }

    /// The text with no first line that Ink would read as front matter.
    static func withoutFrontMatter(_ markdown: String) -> String {
        var text = Substring(markdown)
        while true {
            let start = text.firstIndex { !$0.isWhitespace } ?? text.endIndex
            let opening = text[start...].prefix(4)
            guard opening.count == 4, opening.prefix(3).allSatisfy({ $0 == "-" }), opening.last == "\n" else { return String(text) }
            let afterOpening = text.index(start, offsetBy: 4)
            var lineStart = afterOpening
            var closed: String.Index?
            var firstLine: Substring?
            while lineStart < text.endIndex {
                let lineEnd = text[lineStart...].firstIndex(of: "\n") ?? text.endIndex
                let line = text[lineStart..<lineEnd].drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }
                if line.elementsEqual("---") || line.elementsEqual("...") {
                    closed = lineEnd
                    break
                }
                if firstLine == nil, !line.isEmpty { firstLine = text[lineStart..<lineEnd] }
                lineStart = lineEnd < text.endIndex ? text.index(after: lineEnd) : lineEnd
            }
            // Front matter begins with a key (`title: …`); two rules around a paragraph are rules.
            let key = firstLine.flatMap { line in line.firstIndex(of: ":").map { line[..<$0] } }
            guard let closed, let first = key?.first, !first.isWhitespace else {
                return String(text[..<start]) + "***" + text[text.index(start, offsetBy: 3)...]
            }
            text = text[closed...]
        }
    }

    /// The text with every `<` outside code as `&lt;` or, when it starts an autolink, as the link,
    /// each bare `http://` or `https://` URL as a link, and each task item's box as ☐ or ☑.
    private static func withBracketsRewritten(_ markdown: String) -> String {
        let blanked = MarkdownCode.blanked(markdown)
        guard blanked.contains(less) || blanked.contains(openBracket) || BareURL.mayHoldOne(blanked) else { return markdown }
        let bytes = Array(markdown.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        var index = 0
        var lineStart = true
        var line = BareURL.Line()
        while index < bytes.count {
            defer { lineStart = index > 0 && bytes[index - 1] == 0x0a }
            if lineStart { line = BareURL.Line(blanked, from: index) }
            if lineStart, let (box, end) = taskBox(blanked, from: index) {
                output.append(contentsOf: bytes[index..<box])
                output.append(contentsOf: (bytes[box + 1] == 0x20 ? "☐" : "☑").utf8)
                index = end
                continue
            }
            line.read(blanked[index], after: index > 0 ? blanked[index - 1] : nil)
            if line.mayLink, let end = BareURL.end(bytes, blanked, from: index) {
                output.append(contentsOf: link(String(decoding: bytes[index..<end], as: UTF8.self)).utf8)
                index = end
                continue
            }
            guard blanked[index] == less else {
                output.append(bytes[index])
                index += 1
                continue
            }
            if let end = autolinkEnd(bytes, from: index) {
                output.append(contentsOf: link(String(decoding: bytes[(index + 1)..<end], as: UTF8.self)).utf8)
                index = end + 1
            } else if let end = lineBreakEnd(bytes, from: index) {
                output.append(contentsOf: lineBreak.utf8)
                index = end
            } else {
                output.append(contentsOf: "&lt;".utf8)
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// What a `<br>` is given to Ink as, and made a line break again after it (`Placeholders`):
    /// the one element of raw HTML a page shows as such, as Obsidian's tables write a cell's lines
    /// with it. Private-use characters, which Ink passes on as text.
    static let lineBreak = "\u{E000}\u{E001}\u{E000}"

    /// The index after a `<br>`, `<br/>` or `<br />` (any case) starting at `start`, or nil.
    private static func lineBreakEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        guard start + 3 < bytes.count, bytes[start + 1] | 0x20 == UInt8(ascii: "b"), bytes[start + 2] | 0x20 == UInt8(ascii: "r") else { return nil }
        var index = start + 3
        while index < bytes.count, bytes[index] == 0x20 { index += 1 }
        if index < bytes.count, bytes[index] == UInt8(ascii: "/") { index += 1 }
        return index < bytes.count && bytes[index] == greater ? index + 1 : nil
    }

    /// Where a task item's box starts on the line starting at `start`, and where its `]` ends: up to
    /// three spaces of indentation per level, a list marker (`-`, `*`, `+`, or digits and `.` or
    /// `)`), one space, `[ ]`, `[x]` or `[X]`, and a space after it.
    private static func taskBox(_ blanked: [UInt8], from start: Int) -> (box: Int, end: Int)? {
        var index = start
        while index < blanked.count, blanked[index] == 0x20 || blanked[index] == 0x09 { index += 1 }
        guard index < blanked.count else { return nil }
        if [UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+")].contains(blanked[index]) {
            index += 1
        } else {
            let digits = blanked[index...].prefix(while: isDigit).count
            guard (1...9).contains(digits) else { return nil }
            index += digits
            guard index < blanked.count, blanked[index] == UInt8(ascii: ".") || blanked[index] == UInt8(ascii: ")") else { return nil }
            index += 1
        }
        guard index + 4 < blanked.count, blanked[index] == 0x20, blanked[index + 1] == openBracket,
              [UInt8(ascii: " "), UInt8(ascii: "x"), UInt8(ascii: "X")].contains(blanked[index + 2]),
              blanked[index + 3] == UInt8(ascii: "]"), blanked[index + 4] == 0x20 else { return nil }
        return (index + 1, index + 4)
    }

    /// The autolink's text as a Markdown link: an address is a `mailto:` link, the destination is
    /// percent-encoded where Ink would end or split it, and the text is shown as written.
    private static func link(_ text: String) -> String {
        let destination = (isEmail(text) ? "mailto:" : "") + text
        var encoded = ""
        for scalar in destination.unicodeScalars {
            switch scalar {
            case "(": encoded += "%28"
            case ")": encoded += "%29"
            case "\\": encoded += "%5C"
            default: encoded.unicodeScalars.append(scalar)
            }
        }
        // The URL as it is written: its `_` and `*` are no emphasis.
        var label = ""
        for scalar in AttachmentReference.escapedLabel(text).unicodeScalars {
            if scalar == "_" || scalar == "*" { label += "\\" }
            label.unicodeScalars.append(scalar)
        }
        return "[" + label + "](" + encoded + ")"
    }

    /// The index of the `>` closing an autolink that starts at `start`, or nil: a scheme of 2 to
    /// 32 characters (a letter, then letters, digits, `+`, `.`, `-`), a colon and no space,
    /// control, `<` or `>` before the `>`; or an e-mail address.
    private static func autolinkEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        var index = start + 1
        while index < bytes.count, bytes[index] != greater {
            let byte = bytes[index]
            if byte <= 0x20 || byte == 0x7f || byte == less { return nil }
            index += 1
        }
        guard index < bytes.count, index > start + 1 else { return nil }
        let text = bytes[(start + 1)..<index]
        if let colon = text.firstIndex(of: UInt8(ascii: ":")) {
            let scheme = text[..<colon]
            guard (2...32).contains(scheme.count), let first = scheme.first, isLetter(first),
                  scheme.allSatisfy({ isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "-") })
            else { return nil }
            return index
        }
        return isEmail(String(decoding: text, as: UTF8.self)) ? index : nil
    }

    /// CommonMark's e-mail autolink: a local part of letters, digits and `.!#$%&'*+/=?^_`{|}~-`,
    /// an `@`, and labels of letters, digits and inner `-` separated by dots.
    private static func isEmail(_ text: String) -> Bool {
        let parts = text.utf8.split(separator: UInt8(ascii: "@"), omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return false }
        let localExtras = Set(".!#$%&'*+/=?^_`{|}~-".utf8)
        guard parts[0].allSatisfy({ isLetter($0) || isDigit($0) || localExtras.contains($0) }) else { return false }
        return parts[1].split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy { label in
            (1...63).contains(label.count) && label.first != UInt8(ascii: "-") && label.last != UInt8(ascii: "-")
                && label.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "-") }
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5a).contains(byte) || (0x61...0x7a).contains(byte) }
    private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
    private static let less = UInt8(ascii: "<")
    private static let openBracket = UInt8(ascii: "[")
    private static let greater = UInt8(ascii: ">")
}
