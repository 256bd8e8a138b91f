/// The other names a note answers to in links: the `aliases` (or `alias`) key of the YAML
/// front-matter block at the top of its text, where an import keeps the keys of other apps and
/// where a rename keeps the old title.
///
/// Exists so that the link indexes of the CLI and the server read the same names, and so that
/// adding one (`adding`) keeps the rest of the block as it was. It reads that one key leniently,
/// not the whole block: a list inline (`[a, "b"]`), as `- item` lines, or a single value; plain,
/// single- or double-quoted. Other keys, and lines it does not understand, are left alone.
public enum NoteAliases {
    /// The aliases the front matter of `text` lists, in order, empty ones left out.
    public static func read(_ text: String) -> [String] {
        guard let block = FrontMatterBlock(text), let key = block.aliasesKey else { return [] }
        return key.values.filter { !$0.isEmpty }
    }

    /// `text` with `alias` added to its front matter's aliases (a block is made if it has none);
    /// `text` unchanged if the note already answers to it that way.
    public static func adding(_ alias: String, to text: String) -> String {
        let written = JSONText.quoted(alias)
        guard let block = FrontMatterBlock(text) else { return "---\naliases: [\(written)]\n---\n" + text }
        guard let key = block.aliasesKey else {
            return block.replacingLines(block.firstLine..<block.firstLine, with: ["aliases: [\(written)]"])
        }
        if key.values.contains(where: { LinkName.folded($0) == LinkName.folded(alias) }) { return text }
        switch key.style {
        case .items(let indent):
            return block.replacingLines(key.lines.upperBound..<key.lines.upperBound, with: [String(repeating: " ", count: indent) + "- " + written])
        case .inline, .single, .empty:
            let values = key.values.filter { !$0.isEmpty }.map(JSONText.quoted) + [written]
            return block.replacingLines(key.lines, with: [key.name + ": [" + values.joined(separator: ", ") + "]"])
        }
    }
}

extension FrontMatterBlock {
    enum Style {
        case inline, single, empty
        case items(indent: Int)
    }

    /// The `aliases:` (or `alias:`) key at the top level of the block.
    var aliasesKey: (name: String, values: [String], lines: Range<Int>, style: Style)? {
        for index in firstLine..<closingLine {
            guard let (name, value) = key(at: index), name == "aliases" || name == "alias" else { continue }
            if value.hasPrefix("[") {
                guard value.hasSuffix("]") else { return (String(name), [], index..<(index + 1), .inline) }
                return (String(name), Self.inlineItems(value.dropFirst().dropLast()), index..<(index + 1), .inline)
            }
            if !value.isEmpty { return (String(name), [Self.scalar(value)], index..<(index + 1), .single) }
            var end = index + 1
            var items: [String] = []
            var indent = 2
            while end < closingLine {
                let item = lines[end]
                let spaces = item.prefix { $0 == " " }.count
                let rest = item.dropFirst(spaces)
                guard rest.hasPrefix("- ") || rest.trimmingSuffix(" \r") == "-" else { break }
                indent = spaces
                items.append(Self.scalar(rest.dropFirst().trimmingCharacters(" \r")))
                end += 1
            }
            return (String(name), items, index..<end, items.isEmpty ? .empty : .items(indent: indent))
        }
        return nil
    }

    /// The items of an inline list; commas inside quotes do not split.
    private static func inlineItems(_ text: Substring) -> [String] {
        var items: [String] = []
        var current = ""
        var quote: Character?
        var escaped = false
        for character in text {
            if let open = quote {
                current.append(character)
                if escaped { escaped = false } else if character == "\\", open == "\"" { escaped = true } else if character == open { quote = nil }
            } else if character == "," {
                items.append(scalar(Substring(current).trimmingCharacters(" ")))
                current = ""
            } else {
                if character == "\"" || character == "'", current.allSatisfy({ $0 == " " }) { quote = character }
                current.append(character)
            }
        }
        if !current.allSatisfy({ $0 == " " }) { items.append(scalar(Substring(current).trimmingCharacters(" "))) }
        return items
    }
}
