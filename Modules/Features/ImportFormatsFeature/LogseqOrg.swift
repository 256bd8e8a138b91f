/// A Logseq page written in Org mode (`pages/*.org`, a graph whose `:preferred-format` is Org) as
/// the Markdown page Logseq writes for the same blocks, which `LogseqReader` then reads as any.
///
/// Exists because Logseq keeps a graph's pages in either format, and an Org graph's notes would
/// otherwise be left behind. What each construct becomes is in `docs/import.md`: headings (`**`)
/// are bullets at their depth and the lines under them the bullet's text; `#+title:` and the
/// page's other `#+key:` lines and a page's or block's property drawer are `key:: value` lines;
/// `#+BEGIN_SRC` and `#+BEGIN_EXAMPLE` blocks are fenced code, `#+BEGIN_QUOTE` a quotation;
/// `[[target][label]]` a link, `*bold*`, `/italic/`, `+struck+`, `=verbatim=` and `~code~` their
/// Markdown. Anything else (timestamps, `SCHEDULED:`, tables, other blocks) stays as written.
enum LogseqOrg {
    static func markdown(_ org: String) -> String {
        // By scalars: a `\r\n` is one `Character`, and would hide the line break.
        let lines = org.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map { scalars in
            scalars.last == "\r" ? Substring(scalars.dropLast()) : Substring(scalars)
        }
        // A page's first headings may be `**`: the fewest stars are the outline's top.
        let top = lines.compactMap(Self.headingLevel).min() ?? 1
        var output: [String] = []
        // The bullet the lines read belong to: how deep it is, and where its text starts in Org.
        var heading: (depth: Int, column: Int)?
        var block: (isQuote: Bool, indent: String, dedent: Int, language: Substring, code: [Substring])?
        var inDrawer = false
        for line in lines {
            let leading = line.prefix { $0 == " " || $0 == "\t" }
            let trimmed = line.dropFirst(leading.count)
            let indent = heading.map { String(repeating: "    ", count: $0.depth) + "  " } ?? ""
            let keyword = trimmed.lowercased()
            if let open = block {
                if keyword.hasPrefix("#+end_") {
                    if !open.isQuote { output += Self.fenced(open.code, language: open.language, indent: open.indent) }
                    block = nil
                } else if open.isQuote {
                    output.append(open.indent + ">" + (trimmed.isEmpty ? "" : " " + inline(trimmed)))
                } else {
                    block?.code.append(leading.count >= open.dedent ? line.dropFirst(open.dedent) : trimmed)
                }
                continue
            }
            if inDrawer {
                if keyword == ":end:" {
                    inDrawer = false
                } else if let (key, value) = Self.property(trimmed) {
                    output.append(indent + key + ":: " + value)
                } else if !trimmed.isEmpty {
                    // No property: a drawer never closed, or a line in it Org would not read. Kept.
                    output.append(indent + inline(trimmed))
                }
                continue
            }
            if keyword == ":properties:" {
                inDrawer = true
                continue
            }
            if leading.isEmpty, let stars = Self.headingLevel(line) {
                // One level deeper than the bullet before at most: Markdown reads a list item
                // indented further as code.
                let depth = min(stars - top, (heading?.depth ?? -1) + 1)
                heading = (depth, stars + 1)
                output.append(String(repeating: "    ", count: depth) + "- " + inline(line.dropFirst(stars + 1)))
                continue
            }
            if keyword.hasPrefix("#+begin_") {
                let kind = keyword.dropFirst("#+begin_".count).prefix { !$0.isWhitespace }
                let argument = trimmed.dropFirst("#+begin_".count + kind.count).drop { $0 == " " || $0 == "\t" }
                let language = kind == "src" ? argument.prefix { !$0.isWhitespace } : ""
                block = (kind == "quote", indent, leading.count, language, [])
                continue
            }
            if heading == nil, trimmed.hasPrefix("#+"), let colon = trimmed.firstIndex(of: ":") {
                let key = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 2)..<colon]
                if !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) {
                    output.append(key.lowercased() + ":: " + trimmed[trimmed.index(after: colon)...].drop { $0 == " " || $0 == "\t" })
                    continue
                }
            }
            // A line under a bullet keeps its indentation past the heading's text (a list's items nest).
            let nested = String(repeating: " ", count: max(0, leading.count - (heading?.column ?? 0)))
            output.append(trimmed.isEmpty ? "" : indent + nested + inline(trimmed))
        }
        if let open = block, !open.isQuote { output += Self.fenced(open.code, language: open.language, indent: open.indent) }
        return output.joined(separator: "\n")
    }

    /// A source block's lines fenced, the fence longer than any run of backticks in them.
    private static func fenced(_ code: [Substring], language: Substring, indent: String) -> [String] {
        let longest = code.map { line in line.split { $0 != "`" }.map(\.count).max() ?? 0 }.max() ?? 0
        let fence = String(repeating: "`", count: max(3, longest + 1))
        return [indent + fence + language] + code.map { $0.isEmpty ? "" : indent + $0 } + [indent + fence]
    }

    /// A heading's level: its stars, then a space.
    private static func headingLevel(_ line: Substring) -> Int? {
        guard line.first == "*" else { return nil }
        let stars = line.prefix { $0 == "*" }.count
        guard stars > 0, line.dropFirst(stars).first == " " else { return nil }
        return stars
    }

    /// A drawer's `:key: value` line.
    private static func property(_ line: Substring) -> (String, String)? {
        guard line.first == ":", let close = line.dropFirst().firstIndex(of: ":") else { return nil }
        let key = line[line.index(after: line.startIndex)..<close]
        guard !key.isEmpty, !key.contains(" ") else { return nil }
        return (key.lowercased(), String(line[line.index(after: close)...].drop { $0 == " " || $0 == "\t" }))
    }

    // MARK: - A line's text

    /// Org's links and emphasis in Markdown; everything else as written. Each mark's closes and
    /// each `]]` are found once, so that a long line of openings is read in one pass.
    static func inline(_ text: Substring) -> String {
        let characters = Array(text)
        guard characters.contains(where: { $0.isASCII && "[*/+=~".contains($0) }) else { return String(text) }
        // Where each mark may close: after text, and before a space, punctuation or the line's end.
        var closes: [Character: [Int]] = [:]
        for (index, character) in characters.enumerated() where character.isASCII && "*/+=~".contains(character) {
            guard index > 0, !characters[index - 1].isWhitespace else { continue }
            if index + 1 == characters.count || characters[index + 1].isWhitespace || "-.,:!?;'\")}[".contains(characters[index + 1]) {
                closes[character, default: []].append(index)
            }
        }
        // Where the next `]]` starts, from each place on.
        var nextLinkEnd = [Int?](repeating: nil, count: characters.count + 1)
        for index in stride(from: characters.count - 2, through: 0, by: -1) {
            nextLinkEnd[index] = characters[index] == "]" && characters[index + 1] == "]" ? index : nextLinkEnd[index + 1]
        }
        var output = ""
        var index = 0
        var plain = 0
        func flush(to end: Int) { output += String(characters[plain..<end]) }
        while index < characters.count {
            let character = characters[index]
            guard character.isASCII, "[*/+=~".contains(character) else {
                index += 1
                continue
            }
            if character == "[", index + 1 < characters.count, characters[index + 1] == "[",
               let end = nextLinkEnd[index + 2], let link = Self.link(characters[(index + 2)..<end]) {
                flush(to: index)
                output += link
                index = end + 2
                plain = index
            } else if character != "[", index == 0 || characters[index - 1].isWhitespace || "({'\"-".contains(characters[index - 1]),
                      index + 1 < characters.count, !characters[index + 1].isWhitespace, characters[index + 1] != character,
                      let close = Self.first(in: closes[character] ?? [], after: index + 1) {
                flush(to: index)
                output += Self.emphasis(characters[(index + 1)..<close], mark: character)
                index = close + 1
                plain = index
            } else {
                index += 1
            }
        }
        flush(to: characters.count)
        return output
    }

    /// The first of `sorted` past `index`.
    private static func first(in sorted: [Int], after index: Int) -> Int? {
        var (low, high) = (0, sorted.count)
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] > index { high = middle } else { low = middle + 1 }
        }
        return low < sorted.count ? sorted[low] : nil
    }

    /// The inside of `[[target]]` or `[[target][label]]` as Markdown: a page's link, or a link to
    /// an address (an image's shown), an asset's path as Logseq's Markdown writes it.
    private static func link(_ body: ArraySlice<Character>) -> String? {
        let text = String(body)
        let target: Substring, label: Substring?
        if let split = text.range(of: "][") {
            (target, label) = (text[..<split.lowerBound], text[split.upperBound...])
        } else {
            (target, label) = (text[...], nil)
        }
        guard !target.isEmpty, !target.contains("["), !(label?.contains("[") ?? false) else { return nil }
        let address = target.hasPrefix("file:") ? target.dropFirst("file:".count) : target
        let isAddress = address.contains("://") || address.hasPrefix("mailto:") || address.hasPrefix("../assets/")
        guard isAddress else {
            return label.map { $0 == target ? "[[\(target)]]" : "[[\(target)|\($0)]]" } ?? "[[\(target)]]"
        }
        let path = address.prefix { $0 != "?" && $0 != "#" }
        let isImage = ["png", "jpg", "jpeg", "gif", "svg", "webp"].contains(String(path.split(separator: ".").last ?? "").lowercased())
        let destination = address.contains(" ") || address.contains(")") ? "<" + address + ">" : String(address)
        return (isImage ? "!" : "") + "[" + String(label ?? (isImage ? "" : address)) + "](" + destination + ")"
    }

    /// An emphasis's text between its marks, in Markdown's marks.
    private static func emphasis(_ content: ArraySlice<Character>, mark: Character) -> String {
        let inner = Substring(String(content))
        switch mark {
        case "*": return "**" + inline(inner) + "**"
        case "/": return "*" + inline(inner) + "*"
        case "+": return "~~" + inline(inner) + "~~"
        default:
            let ticks = inner.contains("`") ? "``" : "`"
            let padding = inner.hasPrefix("`") || inner.hasSuffix("`") ? " " : ""
            return ticks + padding + inner + padding + ticks
        }
    }
}
