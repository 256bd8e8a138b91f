import Foundation

/// TiddlyWiki's WikiText as Markdown: headings (`!`), lists (`*`, `#`), quotations (`>`, `<<<`),
/// tables (`|a|b|`), code, emphasis (`''`, `//`, `__`), links (`[[text|Title]]`, `[ext[…]]`),
/// images (`[img[…]]`) and transclusions (`{{Title}}`).
///
/// Exists because a tiddler's text is not Markdown: read as Markdown, its headings are
/// paragraphs, its lists run together and every link that shows other text than its title names
/// the text instead. Macros (`<<…>>`), widgets (`<$…>`) and HTML have no Markdown and stay as
/// written.
struct WikiText {
    /// What the text is converted against: how a link names each tiddler of the wiki (`nil` for
    /// one it does not hold), and where each image tiddler's attachment is, by title.
    struct Context {
        let target: (String) -> String?
        let images: [String: String]
    }

    private(set) var markdown = ""
    /// The titles the text links to or transcludes.
    private(set) var linkedTitles: [String] = []
    /// The image tiddlers it shows.
    private(set) var shownImages: [String] = []

    init(_ text: String, context: Context) {
        var lines: [String] = []
        var fence: String?
        var quoted = false, hardBreaks = false, inMacro = false
        var table: [Substring] = []
        func flushTable() {
            if !table.isEmpty { lines += Self.table(table, convert: { self.inline($0, context: context) }) }
            table = []
        }
        for line in text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false) {
            if inMacro {
                // A macro's parameters over several lines (`"""…"""`): TiddlyWiki's, as written.
                lines.append(String(line))
                if line.contains(">>") { inMacro = false }
                continue
            }
            if let open = fence {
                lines.append(line.hasPrefix(open) && line.trimmingSpaces() == open ? "```" : String(line))
                if line.trimmingSpaces() == open { fence = nil }
                continue
            }
            if Self.isTableRow(line) {
                table.append(line)
                continue
            }
            flushTable()
            let trimmed = line.trimmingSpaces()
            if line.hasPrefix("```") {
                fence = "```"
                lines.append(String(line))
            } else if line.hasPrefix("$$$") {
                // A typed block: its content as code, in the language its type names.
                fence = "$$$"
                lines.append("```" + (line.dropFirst(3).split(separator: "/").last.map(String.init) ?? ""))
            } else if line.hasPrefix("<<<") {
                quoted.toggle()
                let after = trimmed.dropFirst(3).trimmingSpaces()
                // The closing line may name where the quotation comes from; the opening line's
                // `.classes` are how it looks, and anything else on it is text.
                if !quoted, !after.isEmpty { lines.append("> — " + inline(Substring(after), context: context)) }
                if quoted, !after.isEmpty, !after.hasPrefix(".") { lines.append("> " + inline(Substring(after), context: context)) }
            } else if trimmed == "\"\"\"" {
                hardBreaks.toggle()
            } else if let (level, rest) = Self.prefix(of: line, "!"), level <= 6 {
                lines.append((quoted ? "> " : "") + String(repeating: "#", count: level) + " " + inline(rest, context: context))
            } else if line.allSatisfy({ $0 == "-" }), line.count >= 3 {
                lines.append("***")
            } else if let marks = Self.listMarks(line) {
                let item = inline(Substring(line.dropFirst(marks.count)).drop { $0 == " " }, context: context)
                let indent = String(repeating: "    ", count: marks.count - 1)
                switch marks.last {
                case "*": lines.append(indent + "- " + item)
                case "#": lines.append(indent + "1. " + item)
                case ";": lines.append(indent + "**" + item + "**")
                case ":": lines.append(indent + "    " + item)
                default: lines.append(indent + "> " + item)
                }
            } else if let open = line.range(of: "<<"), !line[open.upperBound...].contains(">>") {
                inMacro = true
                lines.append(String(line))
            } else {
                let converted = inline(line, context: context)
                lines.append((quoted ? "> " : "") + converted + (hardBreaks && !converted.isEmpty ? "  " : ""))
            }
        }
        flushTable()
        if fence != nil { lines.append("```") }
        markdown = lines.joined(separator: "\n")
    }

    /// `|a|b|`, or a row of a kind: `|a|b|h` (header), `c` (caption), `f` (footer), `k` (classes).
    private static func isTableRow(_ line: Substring) -> Bool {
        let trimmed = line.trimmingSpaces()
        guard trimmed.count >= 2, trimmed.first == "|" else { return false }
        return trimmed.last == "|" || (trimmed.dropLast().last == "|" && "hfck".contains(trimmed.last!))
    }

    /// `!!! Heading`: how many marks, and the rest.
    private static func prefix(of line: Substring, _ mark: Character) -> (Int, Substring)? {
        let marks = line.prefix { $0 == mark }.count
        guard marks > 0 else { return nil }
        return (marks, line.dropFirst(marks).drop { $0 == " " })
    }

    /// A list item's marks (`**`, `#*`, `;`, `:`, `>`), if the line is one.
    private static func listMarks(_ line: Substring) -> Substring? {
        // ASCII only: a `Character` compares by canonical equivalence, and U+037E (;) is one with `;`.
        let marks = line.prefix { $0.isASCII && "*#;:>".contains($0) }
        guard !marks.isEmpty, line.dropFirst(marks.count).first.map({ $0 == " " || marks.last == ";" || marks.last == ":" }) ?? true,
              !(marks.allSatisfy { $0 == "*" } && line.dropFirst(marks.count).first != " ") else { return nil }
        return marks
    }

    /// A table's lines as a Markdown table: `|…|h` rows as its header (else its first row), `|…|c`
    /// as its caption above it, `|…|k` (classes) and `|…|f` (a footer, as a row) taken as they mean.
    private static func table(_ rows: [Substring], convert: (Substring) -> String) -> [String] {
        var caption: String?
        var header: [String]?
        var body: [[String]] = []
        for row in rows {
            let trimmed = row.trimmingSpaces()
            let kind = trimmed.last == "|" ? nil : trimmed.last
            let inner = trimmed.dropFirst().dropLast(kind == nil ? 1 : 2)
            let cells = inner.split(separator: "|", omittingEmptySubsequences: false).map { cell in
                convert(cell.hasPrefix("!") ? cell.dropFirst() : cell).trimmingSpaces().replacingOccurrences(of: "|", with: "\\|")
            }
            switch kind {
            case "c": caption = cells.joined(separator: " ")
            case "k": continue
            case "h" where header == nil: header = cells
            default: body.append(cells)
            }
        }
        let head = header ?? (body.isEmpty ? [] : body.removeFirst())
        let width = max(head.count, body.map(\.count).max() ?? 0)
        func line(_ cells: [String]) -> String { "| " + (cells + Array(repeating: "", count: width - cells.count)).joined(separator: " | ") + " |" }
        return (caption.map { ["*" + $0 + "*", ""] } ?? []) + [line(head), "|" + Array(repeating: " --- |", count: width).joined()] + body.map(line)
    }

    /// A line's inline markup.
    private mutating func inline(_ line: Substring, context: Context) -> String {
        var output = ""
        var rest = line
        var closes = Closes()
        while let next = rest.firstIndex(where: { ($0.isASCII && "`[{'/_~h<".contains($0)) || $0.isUppercase }) {
            output += rest[..<next]
            rest = rest[next...]
            if rest.hasPrefix("https://") || rest.hasPrefix("http://") {
                // An address, as written: TiddlyWiki links it, and reads no markup in it.
                let address = rest.prefix { !$0.isWhitespace }
                output += address
                rest = rest.dropFirst(address.count)
            } else if let (open, close) = Self.asWritten.first(where: { rest.hasPrefix($0.open) }), let end = closes.next(close, in: rest.dropFirst(open.count)) {
                // A macro, a widget or a filter: TiddlyWiki's own, with no Markdown; its brackets are no links.
                output += rest[..<end.upperBound]
                rest = rest[end.upperBound...]
            } else if rest.first == "`" {
                // Code, as written: ``…`` or `…`.
                let ticks = rest.prefix { $0.isASCII && $0 == "`" }
                if let end = closes.next(String(ticks), in: rest.dropFirst(ticks.count)) {
                    output += rest[..<end.upperBound]
                    rest = rest[end.upperBound...]
                } else {
                    output += ticks
                    rest = rest.dropFirst(ticks.count)
                }
            } else if rest.hasPrefix("[["), let end = closes.next("]]", in: rest) {
                output += link(String(rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound]), context: context)
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("[ext["), let end = closes.next("]]", in: rest) {
                let inner = rest[rest.index(rest.startIndex, offsetBy: 5)..<end.lowerBound]
                let parts = inner.split(separator: "|", maxSplits: 1)
                output += "[" + (parts.count == 2 ? parts[0] : inner) + "](" + (parts.last ?? "") + ")"
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("[img"), let open = rest.dropFirst(4).firstIndex(of: "["), let end = closes.next("]]", in: rest[open...]) {
                let inner = rest[rest.index(after: open)..<end.lowerBound]
                let parts = inner.split(separator: "|", maxSplits: 1)
                let source = String(parts.last ?? "").trimmingSpaces(), tooltip = parts.count == 2 ? String(parts[0]) : ""
                if let path = context.images[source] {
                    output += "![" + (tooltip.isEmpty ? source : tooltip) + "](" + path + ")"
                    shownImages.append(source)
                } else {
                    output += "![" + tooltip + "](" + source.replacingOccurrences(of: " ", with: "%20") + ")"
                }
                rest = rest[end.upperBound...]
            } else if rest.hasPrefix("{{"), let end = closes.next("}}", in: rest), !rest.hasPrefix("{{{") {
                let inner = rest[rest.index(rest.startIndex, offsetBy: 2)..<end.lowerBound]
                let title = String(inner.components(separatedBy: "||")[0]).trimmingSpaces()
                if !title.isEmpty, !title.contains("!!"), !title.contains("##"), let target = context.target(title) {
                    output += "![[" + target + (target == title ? "" : "|" + title) + "]]"
                    linkedTitles.append(title)
                } else {
                    output += rest[..<end.upperBound]
                }
                rest = rest[end.upperBound...]
            } else if let (mark, replacement) = Self.emphasis.first(where: { rest.hasPrefix($0.mark) }),
                      !(mark == "//" && output.last == ":") {
                output += replacement
                rest = rest.dropFirst(mark.count)
            } else if rest.first?.isUppercase == true, !(output.last.map { $0.isLetter || $0.isNumber } ?? false),
                      let word = Self.camelCase(rest), let target = context.target(String(word)) {
                // A CamelCase word is a link where the wiki holds a tiddler of that title, as TiddlyWiki reads it.
                output += "[[" + target + (target == word ? "" : "|" + word) + "]]"
                linkedTitles.append(String(word))
                rest = rest.dropFirst(word.count)
            } else if rest.first?.isUppercase == true {
                // Another word: as written, whole (its capitals inside are no CamelCase link's start).
                let word = rest.prefix { $0.isLetter || $0.isNumber }
                output += word
                rest = rest.dropFirst(word.count)
            } else if rest.hasPrefix("~"), rest.dropFirst().first?.isUppercase == true {
                // `~WikiWord`: a word that is no link; the mark is not shown.
                rest = rest.dropFirst()
                let word = rest.prefix { $0.isLetter || $0.isNumber }
                output += word
                rest = rest.dropFirst(word.count)
            } else {
                output.append(rest.removeFirst())
            }
        }
        return output + rest
    }

    /// A CamelCase word at the start of `text` (a capital, small letters or digits, a capital, then
    /// any letters, digits, `_` or `-`), as TiddlyWiki links one.
    private static func camelCase(_ text: Substring) -> Substring? {
        let word = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }
        let afterFirst = word.dropFirst()
        let small = afterFirst.prefix { $0.isLowercase || $0.isNumber || $0 == "_" || $0 == "-" }
        guard !small.isEmpty, afterFirst.dropFirst(small.count).first?.isUppercase == true else { return nil }
        return word
    }

    /// `[[Title]]` or `[[text|Title]]` (the text first, as TiddlyWiki writes it), or a link to a
    /// web page by its address.
    private mutating func link(_ inner: String, context: Context) -> String {
        let parts = inner.split(separator: "|", maxSplits: 1).map { String($0).trimmingSpaces() }
        let title = parts.last ?? inner, text = parts.count == 2 ? parts[0] : nil
        if title.contains("://") || title.hasPrefix("mailto:") { return "[" + (text ?? title) + "](" + title + ")" }
        linkedTitles.append(title)
        let target = context.target(title) ?? title
        let shown = text ?? (target == title ? nil : title)
        return "[[" + target + (shown.map { "|" + $0 } ?? "") + "]]"
    }

    /// Where the closes of what a line opens are, each looked for once: a line read from one place
    /// on, to the next `]]` (or any close) and then from a later place, reads on from the close
    /// found before, so that a line of many openings is read in one pass (half a megabyte of `[[`
    /// took hours when each looked to the line's end again).
    private struct Closes {
        /// For each close, where the last search for it began and what it found.
        private var found: [String: (from: Substring.Index, range: Range<Substring.Index>?)] = [:]

        mutating func next(_ close: String, in rest: Substring) -> Range<Substring.Index>? {
            if let cached = found[close], cached.from <= rest.startIndex {
                // None after an earlier place is none after this one; one found beyond this place is the next.
                guard let range = cached.range else { return nil }
                if range.lowerBound >= rest.startIndex { return range }
            }
            let range = rest.range(of: close)
            found[close] = (rest.startIndex, range)
            return range
        }
    }

    /// Macros (`<<…>>`), widgets (`<$…>`, `</$…>`) and filtered transclusions (`{{{…}}}`), kept as written.
    private static let asWritten: [(open: String, close: String)] = [("<<", ">>"), ("<$", ">"), ("</$", ">"), ("{{{", "}}}")]

    /// Bold (`''`), italics (`//`, not in an address's `://`) and underline (`__`, shown as italics:
    /// Markdown has no underline).
    private static let emphasis: [(mark: String, replacement: String)] = [("''", "**"), ("//", "*"), ("__", "*")]
}
