import Foundation
import ImportFormatsFeature
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
        var result = ForeignFrontMatter(body: String(block.body))
        let kept: String?
        do {
            if reading == .simpleWherePossible, let pairs = SimpleYAMLMapping.pairs(block.yaml) {
                let keptPairs = result.takeFields(pairs.map { ($0.key, FieldValue($0.value)) }).map { index, keeping in
                    (key: pairs[index].key, value: keeping.map { SimpleYAMLValue.sequence($0.map { SimpleYAMLScalar(text: $0, style: .any) }) } ?? pairs[index].value)
                }
                kept = try keptPairs.isEmpty ? nil : SimpleYAMLWriter.yaml(keptPairs)
                    ?? Self.serialize(keptPairs.map { (Node.scalar(Node.Scalar($0.key, .implicit, .plain)), $0.value.node) })
            } else {
                let composed: Node?
                do { composed = try Yams.compose(yaml: String(block.yaml)) } catch {
                    return ForeignFrontMatter(body: text, notices: ["front matter is not valid YAML; kept in the text"])
                }
                guard let node = composed else { return ForeignFrontMatter(body: text) }
                guard let mapping = node.mapping else {
                    return ForeignFrontMatter(body: text, notices: ["front matter is not a YAML mapping; kept in the text"])
                }
                let pairs = Array(mapping)
                let keptPairs = result.takeFields(pairs.map { ($0.0.scalar?.string, FieldValue($0.1)) }).map { index, keeping in
                    (pairs[index].0, keeping.map { Node.sequence(Node.Sequence($0.map { Node($0) })) } ?? pairs[index].1)
                }
                kept = try keptPairs.isEmpty ? nil : Self.serialize(keptPairs)
            }
        } catch {
            result.body = text
            result.notices.append("front matter could not be rewritten; kept in the text as it was")
            return result
        }
        if let kept { result.body = "---\n" + kept + "---\n" + block.body }
        return result
    }

    /// The block `---` … `---` that holds an imported note's fields from another app: the YAML
    /// `kept` of its own front matter (lines ending in `\n`), then `fields` as `key: value`
    /// lines (the value quoted where YAML needs it); empty for neither.
    static func block(_ fields: [(key: String, value: String)], after kept: String = "") -> String {
        guard !fields.isEmpty || !kept.isEmpty else { return "" }
        let pairs = fields.map { (key: $0.key, value: SimpleYAMLValue.scalar(SimpleYAMLScalar(text: $0.value, style: .any))) }
        let yaml = SimpleYAMLWriter.yaml(pairs) ?? fields.map { $0.key + ": " + JSONText.quoted($0.value) + "\n" }.joined()
        return "---\n" + kept + yaml + "---\n"
    }

    /// Scalars keep their quotes; lists and mappings become block style. No line width.
    private static func serialize(_ pairs: [(Node, Node)]) throws -> String {
        try Yams.serialize(node: .mapping(Node.Mapping(pairs)), width: -1, allowUnicode: true)
    }

    /// A front-matter value as the fields read it, whichever reader made it.
    private enum FieldValue {
        case scalar(String)
        /// The texts of a list of scalars, or `nil` for a list that holds more.
        case list([String]?)
        /// A mapping (or anything else that is neither a scalar nor a list).
        case other

        init(_ node: Node) {
            if let scalar = node.scalar {
                self = .scalar(scalar.string)
            } else if let sequence = node.sequence {
                self = .list(sequence.allSatisfy { $0.scalar != nil } ? sequence.compactMap { $0.scalar?.string } : nil)
            } else {
                self = .other
            }
        }

        init(_ value: SimpleYAMLValue) {
            switch value {
            case .scalar(let scalar): self = .scalar(scalar.text)
            case .sequence(let items): self = .list(items.map(\.text))
            }
        }

        var description: String {
            switch self {
            case .scalar(let text): "'\(text)'"
            case .list: "(a list)"
            case .other: "(a mapping)"
            }
        }
    }

    /// Sets the fields from the pairs Quill reads (the first of each group present); returns the
    /// pairs that must stay in the text, in order, by index: whole (`nil`), or only the tags
    /// Quill refused.
    private mutating func takeFields(_ pairs: [(key: String?, value: FieldValue)]) -> [(Int, [String]?)] {
        var kept: [(Int, [String]?)] = []
        var seen: Set<Field> = []
        for (index, pair) in pairs.enumerated() {
            guard let name = pair.key, let field = Field(key: name), !seen.contains(field) else {
                kept.append((index, nil))
                continue
            }
            seen.insert(field)
            switch take(field, name: name, value: pair.value) {
            case .taken: break
            case .keptWhole: kept.append((index, nil))
            case .refusedTags(let tags): kept.append((index, tags))
            }
        }
        return kept
    }

    private enum Taking {
        case taken, keptWhole, refusedTags([String])
    }

    /// Sets `field` from `value`; says what must stay in the text.
    private mutating func take(_ field: Field, name: String, value: FieldValue) -> Taking {
        switch field {
        case .title:
            guard case .scalar(let scalar) = value else {
                notices.append("title \(value.description) is not a valid title; kept in the text")
                return .keptWhole
            }
            // A block scalar (`title: |`) ends with a line break: the title is its line.
            let text = scalar.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !text.isEmpty, !text.contains(where: \.isNewline), text.count <= NoteLimits.maximumTitleCharacters else {
                notices.append("title \(value.description) is not a valid title; kept in the text")
                return .keptWhole
            }
            title = text
            return .taken
        case .tags:
            return takeTags(value, name: name)
        case .created, .updated:
            guard case .scalar(let text) = value, let date = ForeignDate.parse(text) else {
                notices.append("'\(name)' \(value.description) is not a date; kept in the text")
                return .keptWhole
            }
            if field == .created { created = date } else { updated = date }
            return .taken
        }
    }

    /// A list, a block list or a comma-separated string; a leading `#` is dropped (Obsidian). An
    /// empty item is no tag: a template's `tags:` with an item left blank (`- `), as most notes of
    /// a vault made from one carry, gives none, as Obsidian reads it.
    private mutating func takeTags(_ value: FieldValue, name: String) -> Taking {
        let texts: [String]
        switch value {
        case .list(let items?):
            texts = items.filter { !Self.isEmpty($0) }
        case .list(nil):
            notices.append("'\(name)' holds more than plain values; kept in the text")
            return .keptWhole
        case .scalar(let text):
            texts = Self.isEmpty(text) ? [] : text.split(separator: ",").map(String.init)
        case .other:
            notices.append("'\(name)' is not a list; kept in the text")
            return .keptWhole
        }
        var accepted: Set<QuillModels.Tag> = []
        var refused: [String] = []
        for text in texts {
            var trimmed = text.trimmingWhitespaces()
            if trimmed.hasPrefix("#") { trimmed.removeFirst() }
            if let tag = try? QuillModels.Tag(trimmed), accepted.count < NoteLimits.maximumTags || accepted.contains(tag) {
                accepted.insert(tag)
            } else {
                refused.append(text)
            }
        }
        tags = accepted.sorted()
        guard !refused.isEmpty else { return .taken }
        notices.append("\(Counted.noun("tag", count: refused.count)) " + refused.map { "'\($0)'" }.joined(separator: ", ")
            + " not valid in Quill; kept in the text")
        return .refusedTags(refused)
    }
}

extension ForeignFrontMatter {
    /// Whether a YAML value is empty: nothing, or YAML's null (`~`, `null`).
    private static func isEmpty(_ text: String) -> Bool {
        ["", "~", "null", "Null", "NULL"].contains(text.trimmingWhitespaces())
    }

    /// The front-matter block of a file: the YAML between a first line `---` and the next line
    /// `---` (or `...`), and the text after it. Lines end with `\n` or `\r\n`; found on the UTF-8
    /// bytes (a `\n` always ends a `Character`, so these are the lines of the text).
    struct Block {
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
}
