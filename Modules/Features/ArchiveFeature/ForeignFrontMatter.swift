import Foundation
import QuillModels
import Yams

/// A Markdown file written by another app (Obsidian, Joplin, Hugo, Jekyll…), read into a
/// note's fields: its YAML front matter gives the title, the tags and the dates; what Quill
/// has no field for stays in the text.
///
/// Exists so that notes brought from other apps keep what those apps knew about them, while
/// nothing is lost: unknown keys, and values Quill cannot take (a tag with a space, a date in
/// no known format), are written back as a front-matter block at the top of the body, and
/// each refused value is reported. Pure logic (the YAML parser reads a string), so it lives in
/// the feature rather than behind a port.
struct ForeignFrontMatter: Equatable {
    var title: String?
    var tags: [QuillModels.Tag] = []
    var created: Date?
    var updated: Date?
    /// The body: the text after the front matter, behind a block of the keys that were kept.
    var body: String
    /// What could not become a field and was kept in the text, one sentence each.
    var notices: [String] = []

    /// The keys Quill reads; the first of each group present wins, later ones are kept.
    private enum Field {
        case title, tags, created, updated

        init?(key: String) {
            switch key {
            case "title": self = .title
            case "tags": self = .tags
            case "created", "date": self = .created
            case "updated", "modified", "lastmod": self = .updated
            default: return nil
            }
        }
    }

    /// How the YAML of a block is read and written back.
    enum YAMLReading {
        /// `SimpleYAMLMapping` and `SimpleYAMLWriter` where the block is in their subset, else
        /// Yams: what imports use.
        case simpleWherePossible
        /// Yams alone: the definition the simple reading must agree with.
        case yamsOnly
    }

    /// `nil` when the text does not start with a closed `---` block: then it has no front matter.
    /// An empty block stays in the text as it is; so does one that is not a YAML mapping, with a notice.
    static func read(_ text: String, reading: YAMLReading = .simpleWherePossible) -> ForeignFrontMatter? {
        guard let block = Block(text) else { return nil }
        let pairs: [(Node, Node)]
        let simple = reading == .simpleWherePossible ? SimpleYAMLMapping.pairs(block.yaml) : nil
        if let simple {
            pairs = simple
        } else {
            do {
                guard let node = try Yams.compose(yaml: String(block.yaml)) else { return ForeignFrontMatter(body: text) }
                guard let mapping = node.mapping else {
                    return ForeignFrontMatter(body: text, notices: ["front matter is not a YAML mapping; kept in the text"])
                }
                pairs = Array(mapping)
            } catch {
                return ForeignFrontMatter(body: text, notices: ["front matter is not valid YAML; kept in the text"])
            }
        }
        var result = ForeignFrontMatter(body: String(block.body))
        var kept: [(Node, Node)] = []
        var seen: Set<Field> = []
        for (key, value) in pairs {
            guard let name = key.scalar?.string, let field = Field(key: name), !seen.contains(field) else {
                kept.append((key, value))
                continue
            }
            seen.insert(field)
            if let refused = result.take(field, name: name, value: value) { kept.append((key, refused)) }
        }
        if !kept.isEmpty {
            do {
                // Scalars keep their quotes; lists and mappings become block style. No line width.
                let yaml = try (simple == nil ? nil : SimpleYAMLWriter.yaml(kept))
                    ?? Yams.serialize(node: .mapping(Node.Mapping(kept)), width: -1, allowUnicode: true)
                result.body = "---\n" + yaml + "---\n" + block.body
            } catch {
                result.body = text
                result.notices.append("front matter could not be rewritten; kept in the text as it was")
            }
        }
        return result
    }

    /// Sets `field` from `value`; returns what must stay in the text (all or part of `value`).
    private mutating func take(_ field: Field, name: String, value: Node) -> Node? {
        switch field {
        case .title:
            guard let text = value.scalar?.string.trimmingCharacters(in: .whitespaces), !text.isEmpty,
                  !text.contains(where: \.isNewline), text.count <= NoteLimits.maximumTitleCharacters else {
                notices.append("title \(Self.describe(value)) is not a valid title; kept in the text")
                return value
            }
            title = text
            return nil
        case .tags:
            return takeTags(value, name: name)
        case .created, .updated:
            guard let text = value.scalar?.string, let date = ForeignDate.parse(text) else {
                notices.append("'\(name)' \(Self.describe(value)) is not a date; kept in the text")
                return value
            }
            if field == .created { created = date } else { updated = date }
            return nil
        }
    }

    /// A list, a block list or a comma-separated string; a leading `#` is dropped (Obsidian).
    private mutating func takeTags(_ value: Node, name: String) -> Node? {
        let texts: [String]
        if let sequence = value.sequence {
            guard sequence.allSatisfy({ $0.scalar != nil }) else {
                notices.append("'\(name)' holds more than plain values; kept in the text")
                return value
            }
            texts = sequence.compactMap { $0.scalar?.string }
        } else if let scalar = value.scalar {
            texts = ["", "~", "null", "Null", "NULL"].contains(scalar.string) ? [] : scalar.string.split(separator: ",").map(String.init)
        } else {
            notices.append("'\(name)' is not a list; kept in the text")
            return value
        }
        var accepted: Set<QuillModels.Tag> = []
        var refused: [String] = []
        for text in texts {
            var trimmed = text.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("#") { trimmed.removeFirst() }
            if let tag = try? QuillModels.Tag(trimmed), accepted.count < NoteLimits.maximumTags || accepted.contains(tag) {
                accepted.insert(tag)
            } else {
                refused.append(text)
            }
        }
        tags = accepted.sorted()
        guard !refused.isEmpty else { return nil }
        notices.append("tag\(refused.count == 1 ? "" : "s") " + refused.map { "'\($0)'" }.joined(separator: ", ")
            + " not valid in Quill; kept in the text")
        return .sequence(Node.Sequence(refused.map { Node($0) }))
    }

    private static func describe(_ value: Node) -> String {
        value.scalar.map { "'\($0.string)'" } ?? "(a \(value.sequence != nil ? "list" : "mapping"))"
    }
}

/// The front-matter block of a file: the YAML between a first line `---` and the next line
/// `---` (or `...`), and the text after it. Lines end with `\n` or `\r\n`; found on the UTF-8
/// bytes (a `\n` always ends a `Character`, so these are the lines of the text).
private struct Block {
    let yaml: Substring
    let body: Substring

    init?(_ text: String) {
        let utf8 = text.utf8
        guard let firstEnd = utf8.firstIndex(of: Self.newline), Self.isDelimiter(text[..<firstEnd], "---") else { return nil }
        var lineStart = utf8.index(after: firstEnd)
        let yamlStart = lineStart
        while lineStart < text.endIndex {
            let lineEnd = utf8[lineStart...].firstIndex(of: Self.newline) ?? text.endIndex
            let line = text[lineStart..<lineEnd]
            if Self.isDelimiter(line, "---") || Self.isDelimiter(line, "...") {
                yaml = text[yamlStart..<lineStart]
                body = lineEnd < text.endIndex ? text[utf8.index(after: lineEnd)...] : text[text.endIndex...]
                return
            }
            guard lineEnd < text.endIndex else { return nil }
            lineStart = utf8.index(after: lineEnd)
        }
        return nil
    }

    private static let newline = UInt8(ascii: "\n")

    /// Whether `line` (without its `\n`) is `delimiter`, perhaps followed by spaces, tabs and a `\r`.
    private static func isDelimiter(_ line: Substring, _ delimiter: String) -> Bool {
        var bytes = line.utf8[...]
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        while bytes.last == UInt8(ascii: " ") || bytes.last == UInt8(ascii: "\t") { bytes.removeLast() }
        return bytes.elementsEqual(delimiter.utf8)
    }
}
