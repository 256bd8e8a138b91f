/// Writes a note read as HTML (`HTMLElement`) as Markdown: headings, paragraphs, emphasis,
/// lists (nested, numbered, checklists), quotes, code blocks, tables, links, images and rules.
///
/// Exists so that every importer that meets HTML writes the same Markdown, escaped the same
/// way, and so that an app's own elements (Evernote's `en-media`, `en-todo`) are a small hook
/// (`replace`) rather than a second writer. Text is escaped only where Markdown would read it
/// as markup; nothing of the text is dropped but what HTML itself never shows (`script`,
/// `style`, `head`).
public struct MarkdownWriter {
    /// What an importer makes of one of its app's elements instead of the default.
    public enum Replacement {
        /// Markdown written as it is, inside a paragraph.
        case inline(String)
        /// Markdown written as it is, as a block of its own.
        case block(String)
        /// The element's text as a fenced code block.
        case code
        /// A checkbox at this place; at the start of a paragraph, it makes a checklist item.
        case checkbox(checked: Bool)
        /// A list item that is a checklist item.
        case checklistItem(checked: Bool)
        /// Nothing.
        case dropped
    }

    private let replace: (HTMLElement) -> Replacement?

    public init(replace: @escaping (HTMLElement) -> Replacement? = { _ in nil }) {
        self.replace = replace
    }

    /// The Markdown of what is inside `root`; ends with a line break unless empty.
    public func markdown(_ root: HTMLElement) -> String {
        let text = blocks(root.children).joined(separator: "\n\n")
        return text.isEmpty ? "" : text + "\n"
    }

    // MARK: - Blocks

    /// A piece of a paragraph: a child, or what `replace` made of one (asked once per element).
    private enum Piece {
        case child(HTMLElement.Child)
        case replaced(Replacement)
    }

    private func blocks(_ children: [HTMLElement.Child]) -> [String] {
        var blocks: [String] = []
        var run: [Piece] = []
        func flush() {
            if let paragraph = paragraph(run) { blocks.append(paragraph) }
            run = []
        }
        for child in children {
            guard case .element(let element) = child else { run.append(.child(child)); continue }
            let replacement = replace(element)
            switch replacement {
            case .block(let markdown):
                flush()
                if !markdown.isEmpty { blocks.append(markdown) }
                continue
            case .code:
                flush()
                blocks.append(Self.fenced(codeText(element.children)))
                continue
            case .dropped:
                continue
            case .inline, .checkbox, .checklistItem:
                if let replacement { run.append(.replaced(replacement)) }
                continue
            case nil:
                break
            }
            guard Self.blockNames.contains(element.name) else { run.append(.child(child)); continue }
            flush()
            blocks += block(element)
        }
        flush()
        return blocks
    }

    private func block(_ element: HTMLElement) -> [String] {
        switch element.name {
        case "h1", "h2", "h3", "h4", "h5", "h6":
            let level = Int(element.name.dropFirst()) ?? 1
            let text = Self.oneLine(inline(element.children))
            return text.isEmpty ? [] : [String(repeating: "#", count: level) + " " + text]
        case "ul", "ol":
            let list = list(element)
            return list.isEmpty ? [] : [list]
        case "blockquote":
            let inner = blocks(element.children).joined(separator: "\n\n")
            guard !inner.isEmpty else { return [] }
            return [inner.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? ">" : "> " + $0 }.joined(separator: "\n")]
        case "pre":
            return [Self.fenced(codeText(element.children))]
        case "hr":
            return ["***"]
        case "table":
            return table(element).map { [$0] } ?? []
        case "head", "script", "style", "title", "meta", "link", "template":
            return []
        default:
            return blocks(element.children)
        }
    }

    private func list(_ element: HTMLElement) -> String {
        var items: [String] = []
        var number = Int(element.attributes["start"] ?? "") ?? 1
        for child in element.children {
            guard case .element(let item) = child else { continue }
            var inner: [String]
            var checkbox: Bool?
            if case .checklistItem(let checked) = replace(item) { checkbox = checked }
            if item.name == "li" {
                inner = blocks(item.children)
            } else if item.name == "ul" || item.name == "ol" {
                inner = block(item)
            } else {
                inner = blocks([child])
            }
            if checkbox == nil, item.name == "li", let first = inner.first, first.hasPrefix("- [x] ") || first.hasPrefix("- [ ] ") {
                // A paragraph that began with a checkbox made itself a checklist item: the list item is that.
                checkbox = first.hasPrefix("- [x] ")
                inner[0] = String(first.dropFirst(6))
            }
            let marker = element.name == "ol" ? "\(number). " : "- "
            number += 1
            let lead = marker + (checkbox.map { $0 ? "[x] " : "[ ] " } ?? "")
            let indent = String(repeating: " ", count: marker.count)
            let lines = inner.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
            var text = lead + (lines.first.map(String.init) ?? "")
            for line in lines.dropFirst() { text += "\n" + (line.isEmpty ? "" : indent + line) }
            items.append(text)
        }
        return items.joined(separator: "\n")
    }

    private func table(_ element: HTMLElement) -> String? {
        var rows: [[String]] = []
        func cell(_ children: [HTMLElement.Child]) -> String {
            blocks(children).joined(separator: "<br>").replacing("\n", with: "<br>").replacing("|", with: "\\|")
        }
        func collect(_ children: [HTMLElement.Child]) {
            for case .element(let child) in children {
                switch child.name {
                case "thead", "tbody", "tfoot":
                    collect(child.children)
                case "colgroup", "col":
                    continue
                default:
                    // A row; or, in broken HTML (`<tr<td …>`), whatever stands where rows do,
                    // so that its text is kept.
                    var cells: [String] = []
                    var loose: [HTMLElement.Child] = []
                    for grandchild in child.children {
                        if case .element(let element) = grandchild, element.name == "td" || element.name == "th" {
                            cells.append(cell(element.children))
                        } else {
                            loose.append(grandchild)
                        }
                    }
                    let looseText = cell(loose)
                    if !looseText.isEmpty { cells.insert(looseText, at: 0) }
                    if !cells.isEmpty { rows.append(cells) }
                }
            }
        }
        collect(element.children)
        let columns = rows.map(\.count).max() ?? 0
        guard columns > 0 else { return nil }
        let padded = rows.map { $0 + Array(repeating: "", count: columns - $0.count) }
        var lines = ["| " + padded[0].joined(separator: " | ") + " |", "|" + Array(repeating: " --- |", count: columns).joined()]
        for row in padded.dropFirst() { lines.append("| " + row.joined(separator: " | ") + " |") }
        return lines.joined(separator: "\n")
    }

    // MARK: - Paragraphs and inline text

    /// A run of inline content as one paragraph (its hard breaks kept), or `nil` if blank.
    private func paragraph(_ run: [Piece]) -> String? {
        let text = run.map { piece in
            switch piece {
            case .child(let child): inline([child])
            case .replaced(let replacement): inline(replacement)
            }
        }.joined()
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingSpaces()
            if !trimmed.isEmpty { lines.append(Self.escapedLineStart(trimmed)) }
        }
        guard !lines.isEmpty else { return nil }
        var paragraph = lines.joined(separator: "  \n")
        if paragraph.hasPrefix(Self.checkboxSentinel) {
            let checked = paragraph.dropFirst().first == "x"
            paragraph = (checked ? "- [x] " : "- [ ] ") + String(paragraph.dropFirst(2)).trimmingSpaces()
        }
        return paragraph.replacing(Self.checkboxSentinel + "x", with: "[x]").replacing(Self.checkboxSentinel + " ", with: "[ ]")
    }

    private func inline(_ children: [HTMLElement.Child]) -> String {
        var text = ""
        for child in children {
            switch child {
            case .text(let raw):
                text += Self.escaped(Self.collapsed(raw))
            case .element(let element):
                text += inline(element)
            }
        }
        return text
    }

    private func inline(_ replacement: Replacement, of element: HTMLElement? = nil) -> String {
        switch replacement {
        case .inline(let markdown): "\(markdown)"
        case .block(let markdown): "\n" + markdown + "\n"
        case .code: "\n" + Self.fenced(codeText(element?.children ?? [])) + "\n"
        case .checkbox(let checked), .checklistItem(let checked): Self.checkboxSentinel + (checked ? "x" : " ")
        case .dropped: ""
        }
    }

    private func inline(_ element: HTMLElement) -> String {
        if let replacement = replace(element) { return inline(replacement, of: element) }
        let style = element.style
        switch element.name {
        case "br":
            return "\n"
        case "b", "strong":
            return Self.wrapped(inline(element.children), in: "**")
        case "i", "em", "cite", "var", "dfn":
            return Self.wrapped(inline(element.children), in: "*")
        case "s", "strike", "del":
            return Self.wrapped(inline(element.children), in: "~~")
        case "code", "tt", "kbd", "samp":
            return Self.codeSpan(element.textContent)
        case "a":
            let label = inline(element.children)
            guard let href = element.attributes["href"]?.trimmingSpaces(), !href.isEmpty else { return label }
            let destination = Self.destination(href)
            return label.trimmingSpaces().isEmpty ? "<\(href)>" : "[" + label + "](" + destination + ")"
        case "img":
            guard let source = element.attributes["src"], !source.isEmpty else { return "" }
            return "![" + Self.escaped(element.attributes["alt"] ?? "") + "](" + Self.destination(source) + ")"
        case "head", "script", "style", "title", "meta", "link", "template":
            return ""
        default:
            var inner = inline(element.children)
            if Self.blockNames.contains(element.name) { inner = "\n" + inner + "\n" }
            if let weight = style["font-weight"], weight == "bold" || weight == "bolder" || (Int(weight) ?? 0) >= 600 {
                inner = Self.wrapped(inner, in: "**")
            }
            if style["font-style"] == "italic" { inner = Self.wrapped(inner, in: "*") }
            if style["text-decoration"]?.contains("line-through") == true { inner = Self.wrapped(inner, in: "~~") }
            return inner
        }
    }

    /// The text of a code block: line breaks where `br`s and blocks are.
    private func codeText(_ children: [HTMLElement.Child]) -> String {
        var text = ""
        for child in children {
            switch child {
            case .text(let raw): text += raw
            case .element(let element) where element.name == "br": text += "\n"
            case .element(let element) where Self.blockNames.contains(element.name):
                if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
                text += codeText(element.children)
                if !text.hasSuffix("\n") { text += "\n" }
            case .element(let element): text += codeText(element.children)
            }
        }
        return text
    }

    // MARK: - Markdown's syntax

    /// A fenced code block longer than any run of backticks inside.
    static func fenced(_ code: String) -> String {
        var longest = 0, run = 0
        for character in code {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: max(3, longest + 1))
        var body = code.replacing("\u{00A0}", with: " ")
        while body.hasSuffix("\n") { body.removeLast() }
        return fence + "\n" + body + "\n" + fence
    }

    private static func codeSpan(_ code: String) -> String {
        let oneLine = code.replacing("\n", with: " ")
        guard !oneLine.isEmpty else { return "" }
        let fence = oneLine.contains("`") ? "``" : "`"
        let padded = oneLine.hasPrefix("`") || oneLine.hasSuffix("`") ? " " + oneLine + " " : oneLine
        return fence + padded + fence
    }

    /// `inner` between `marker`s, its outer spaces kept outside (`** a**` is not bold).
    private static func wrapped(_ inner: String, in marker: String) -> String {
        let trimmed = inner.trimmingSpaces()
        guard !trimmed.isEmpty, !trimmed.contains("\n") else { return inner }
        let leading = inner.prefix { $0 == " " }, trailing = String(inner.reversed().prefix { $0 == " " })
        return leading + marker + trimmed + marker + trailing
    }

    /// A link's destination, in `<…>` when it holds spaces or parentheses.
    private static func destination(_ url: String) -> String {
        guard url.contains(where: { $0 == " " || $0 == "(" || $0 == ")" }) else { return url }
        return "<" + url.replacing("<", with: "%3C").replacing(">", with: "%3E") + ">"
    }

    /// HTML's white space: runs of spaces, tabs and line breaks are one space.
    private static func collapsed(_ text: String) -> String {
        var result = ""
        var space = false
        for scalar in text.unicodeScalars {
            if scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" {
                if !space { result.unicodeScalars.append(" ") }
                space = true
            } else {
                result.unicodeScalars.append(scalar)
                space = false
            }
        }
        return result
    }

    /// Text with the characters Markdown would read as markup escaped.
    static func escaped(_ text: String) -> String {
        guard text.contains(where: { escapedCharacters.contains($0) }) else { return text }
        var result = ""
        for character in text {
            if escapedCharacters.contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// A line whose start Markdown would read as a heading, quote, list item or rule, escaped.
    private static func escapedLineStart(_ line: String) -> String {
        guard let first = line.first else { return line }
        if "#>+=-".contains(first) { return "\\" + line }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        if !digits.isEmpty, let after = line.dropFirst(digits.count).first, after == "." || after == ")" {
            return digits + "\\" + line.dropFirst(digits.count)
        }
        return line
    }

    private static let escapedCharacters: Set<Character> = ["\\", "`", "*", "_", "[", "]", "<", "~"]
    /// Stands for a checkbox until a paragraph or list item places it (a private-use character).
    private static let checkboxSentinel = "\u{E000}"
    private static let blockNames: Set<String> = [
        "address", "article", "aside", "blockquote", "body", "center", "dd", "details", "dialog", "div", "dl", "dt", "en-note",
        "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "html", "li",
        "main", "nav", "ol", "p", "pre", "section", "table", "ul", "head", "script", "style", "title",
    ]

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingSpaces() }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
