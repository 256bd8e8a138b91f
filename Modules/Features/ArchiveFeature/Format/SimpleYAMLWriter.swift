import Yams

/// Writes the front-matter keys an import keeps in the text (`ForeignFrontMatter`), as
/// `SimpleYAMLMapping` read them, exactly as `Yams.serialize(node:width: -1, allowUnicode: true)`
/// writes them: scalars and lists of scalars, each on one line.
///
/// Exists for the same reason as `SimpleYAMLMapping`: Yams' emitter resolves the tag of every
/// scalar with regular expressions, which cost more than the rest of importing the note. It
/// answers `nil` for a value it cannot write on one line as libyaml would (a line break in it,
/// a character libyaml escapes), and Yams writes the block. That both write the same is a
/// property test.
enum SimpleYAMLWriter {
    static func yaml(_ pairs: [(key: String, value: SimpleYAMLValue)]) -> String? {
        var yaml = ""
        for (key, value) in pairs {
            guard SimpleYAMLMapping.isSimpleKey(Substring(key).utf8) else { return nil }
            yaml += key + ":"
            switch value {
            case .scalar(let scalar):
                guard let text = written(scalar) else { return nil }
                yaml += " " + text + "\n"
            case .sequence(let items) where items.isEmpty:
                yaml += " []\n"
            case .sequence(let items):
                yaml += "\n"
                for item in items {
                    guard let text = written(item) else { return nil }
                    yaml += "- " + text + "\n"
                }
            }
        }
        return yaml
    }

    /// A scalar as libyaml's emitter writes it in a block, not as a key: in the style asked
    /// for (plain if none), or the next one that can hold the text (single, then double quotes).
    private static func written(_ scalar: SimpleYAMLScalar) -> String? {
        let text = scalar.text
        // libyaml's emitter escapes every character beyond U+FFFF (four UTF-8 bytes), emoji too.
        guard !text.isEmpty, SimpleYAMLMapping.isPrintable(Substring(text).utf8), !text.utf8.contains(where: { $0 >= 0xF0 }) else {
            return nil
        }
        switch scalar.style {
        case .any, .plain:
            return isPlainInBlock(text) ? text : "'" + text.replacing("'", with: "''") + "'"
        case .singleQuoted:
            return "'" + text.replacing("'", with: "''") + "'"
        case .doubleQuoted:
            return "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        case .literal, .folded:
            return nil
        }
    }

    /// libyaml's `block_plain_allowed` for printable text without line breaks.
    private static func isPlainInBlock(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, let last = bytes.last, first != space, last != space,
              !bytes.starts(with: "---".utf8), !bytes.starts(with: "...".utf8),
              !alwaysIndicators.contains(first) else { return false }
        for index in bytes.indices {
            let followedByBlank = index + 1 == bytes.count || bytes[index + 1] == space
            switch bytes[index] {
            case UInt8(ascii: "?") where index == 0 && followedByBlank, UInt8(ascii: "-") where index == 0 && followedByBlank:
                return false
            case UInt8(ascii: ":") where followedByBlank:
                return false
            case UInt8(ascii: "#") where index > 0 && bytes[index - 1] == space:
                return false
            default:
                continue
            }
        }
        return true
    }

    private static let space = UInt8(ascii: " ")
    /// What libyaml never lets start a plain scalar.
    private static let alwaysIndicators: Set<UInt8> = Set("#,[]{}&*!|>'\"%@`".utf8)
}
