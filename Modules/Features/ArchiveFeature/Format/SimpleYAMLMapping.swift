import Yams

/// Reads the plain kind of YAML most front matter is — one `key: value` a line, values plain
/// or quoted without escapes, lists inline (`[a, "b"]`) or as `- item` lines — into what
/// `Yams.compose` would make of it, without Yams.
///
/// Exists because an import of a vault reads the front matter of thousands of notes, and Yams
/// costs far more per note (its parser, then regular expressions resolving every scalar's tag)
/// than reading and creating the note does. It is a recognizer, not a second YAML parser: any
/// line outside that subset (a comment, a tab, a nested mapping, an escape, a key seen twice, a
/// character that YAML treats specially) makes it answer `nil`, and Yams reads the block. That
/// both give the same note is a property test (`ForeignFrontMatterAgreementTests`).
enum SimpleYAMLMapping {
    /// The pairs of the mapping `yaml` holds, or `nil` if it is not in the subset (or empty).
    static func pairs(_ yaml: Substring) -> [(key: String, value: SimpleYAMLValue)]? {
        var pairs: [(key: String, value: SimpleYAMLValue)] = []
        var keys: Set<Substring> = []
        var lines = yaml.utf8.split(separator: newline, omittingEmptySubsequences: false)[...]
        // The text before the closing line ends with a line break: the last piece is empty.
        guard lines.last?.isEmpty == true else { return nil }
        lines.removeLast()
        while let line = lines.popFirst() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return nil }
            let key = line[line.startIndex..<colon]
            guard isSimpleKey(key), keys.insert(Substring(key)).inserted else { return nil }
            let rest = trimmingSpaces(line[line.index(after: colon)...])
            let value: SimpleYAMLValue
            if rest.isEmpty {
                guard let items = blockItems(&lines) else { return nil }
                value = .sequence(items)
            } else {
                guard line[line.index(after: colon)] == space, let parsed = inlineValue(rest) else { return nil }
                value = parsed
            }
            pairs.append((String(Substring(key)), value))
        }
        return pairs.isEmpty ? nil : pairs
    }

    private static let newline = UInt8(ascii: "\n"), space = UInt8(ascii: " ")

    /// A key Yams reads, and libyaml writes, as the same plain string: a letter or `_`, then
    /// letters, digits, `_`, `-`; at most 128 bytes (longer keys are written as `? key`).
    static func isSimpleKey(_ key: Substring.UTF8View) -> Bool {
        guard let first = key.first, isLetter(first) || first == UInt8(ascii: "_"), key.count <= 128 else { return false }
        return key.allSatisfy { isLetter($0) || isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") }
    }

    /// The `- item` lines after `key:`, all indented alike; at least one.
    private static func blockItems(_ lines: inout ArraySlice<Substring.UTF8View>) -> [SimpleYAMLScalar]? {
        var items: [SimpleYAMLScalar] = []
        var indent: Int?
        while let line = lines.first {
            let spaces = line.prefix { $0 == space }.count
            let rest = line.dropFirst(spaces)
            guard rest.first == UInt8(ascii: "-") else { break }
            guard indent == nil || indent == spaces, rest.dropFirst().first == space else { return nil }
            indent = spaces
            guard let item = scalar(trimmingSpaces(rest.dropFirst(2)), inFlow: false) else { return nil }
            items.append(item)
            lines.removeFirst()
        }
        return items.isEmpty ? nil : items
    }

    /// A scalar, or an inline list `[…]` on one line.
    private static func inlineValue(_ text: Substring.UTF8View) -> SimpleYAMLValue? {
        guard text.first == UInt8(ascii: "[") else { return scalar(text, inFlow: false).map(SimpleYAMLValue.scalar) }
        guard text.last == UInt8(ascii: "]") else { return nil }
        let inside = text.dropFirst().dropLast()
        guard !inside.allSatisfy({ $0 == space }) else { return nil }
        var items: [SimpleYAMLScalar] = []
        for piece in inside.split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            guard let item = scalar(trimmingSpaces(piece), inFlow: true) else { return nil }
            items.append(item)
        }
        return .sequence(items)
    }

    /// A quoted scalar without escapes or the quote inside, or a plain scalar that YAML reads
    /// as exactly its text (in a list, one without `,[]{}`).
    private static func scalar(_ text: Substring.UTF8View, inFlow: Bool) -> SimpleYAMLScalar? {
        guard let first = text.first, isPrintable(text) else { return nil }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            let inside = text.dropFirst().dropLast()
            guard text.count >= 2, text.last == first, !inside.contains(first), !inside.contains(UInt8(ascii: "\\")) else { return nil }
            return SimpleYAMLScalar(text: String(Substring(inside)), style: first == UInt8(ascii: "'") ? .singleQuoted : .doubleQuoted)
        }
        guard !plainIndicators.contains(first), !text.starts(with: "---".utf8), !text.starts(with: "...".utf8),
              text.last != UInt8(ascii: ":") else { return nil }
        var previous = first
        for byte in text.dropFirst() {
            if byte == UInt8(ascii: "#"), previous == space { return nil }
            if previous == UInt8(ascii: ":"), byte == space { return nil }
            if inFlow, flowIndicators.contains(byte) { return nil }
            previous = byte
        }
        return SimpleYAMLScalar(text: String(Substring(text)), style: .plain)
    }

    /// What may not start a plain scalar here (some may in YAML when not followed by a space;
    /// leaving them to Yams is simpler than telling).
    private static let plainIndicators: Set<UInt8> = Set("-?:,[]{}#&*!|>'\"%@`".utf8)
    private static let flowIndicators: Set<UInt8> = Set(",[]{}:#?".utf8)

    /// Whether YAML reads every character of `text` as printable and not a line break: no
    /// ASCII control character (tabs included), no C1 control (U+0085 breaks a line), no U+2028,
    /// U+2029, U+FEFF, U+FFFE or U+FFFF. `text` is valid UTF-8.
    static func isPrintable(_ text: Substring.UTF8View) -> Bool {
        var index = text.startIndex
        while index < text.endIndex {
            let rest = text[index...]
            switch text[index] {
            case 0x20...0x7E, 0x80...0xC1, 0xC3...0xE1, 0xE3...0xEE, 0xF0...0xFF:
                break
            case 0xC2:
                guard let next = rest.dropFirst().first, next >= 0xA0 else { return false }
            case 0xE2:
                if rest.starts(with: [0xE2, 0x80, 0xA8]) || rest.starts(with: [0xE2, 0x80, 0xA9]) { return false }
            case 0xEF:
                if rest.starts(with: [0xEF, 0xBB, 0xBF]) || rest.starts(with: [0xEF, 0xBF, 0xBE]) || rest.starts(with: [0xEF, 0xBF, 0xBF]) {
                    return false
                }
            default:
                return false
            }
            index = text.index(after: index)
        }
        return true
    }

    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func trimmingSpaces(_ text: Substring.UTF8View) -> Substring.UTF8View {
        var text = text
        while text.first == space { text.removeFirst() }
        while text.last == space { text.removeLast() }
        return text
    }
}

/// A value `SimpleYAMLMapping` read: a scalar, or a list of scalars.
enum SimpleYAMLValue {
    case scalar(SimpleYAMLScalar)
    case sequence([SimpleYAMLScalar])

    /// What Yams would have made of it, for Yams to write.
    var node: Node {
        switch self {
        case .scalar(let scalar): scalar.node
        case .sequence(let items): .sequence(Node.Sequence(items.map(\.node)))
        }
    }
}

/// A scalar's text and how it was written (a scalar Quill made has no style: `.any`).
struct SimpleYAMLScalar {
    let text: String
    let style: Node.Scalar.Style

    var node: Node { .scalar(Node.Scalar(text, .implicit, style)) }
}
