/// The `---` block that opens a text, as lines, and the text after it, which is not cut into
/// lines (most of a note; this runs on every note the link indexes take in).
///
/// Exists so that what reads or edits a few keys of front matter line by line (a note's aliases,
/// an import reader's own keys) finds the block the same way, without a YAML parser: the lines
/// between them are left as they were.
public struct FrontMatterBlock: Sendable {
    public let lines: [Substring]
    /// What follows the closing `---` line and its line break, if anything does.
    public let rest: Substring?
    /// The index of the first line inside the block and of the closing `---`.
    public let firstLine: Int
    public let closingLine: Int

    public init?(_ text: String) {
        guard text.utf8.starts(with: "---".utf8) else { return nil }
        var lines: [Substring] = []
        var rest: Substring? = Substring(text)
        // By scalars: a `\r\n` is one `Character`, and would hide the line break.
        while let remaining = rest {
            let scalars = remaining.unicodeScalars
            if let newline = scalars.firstIndex(of: "\n") {
                lines.append(Substring(scalars[..<newline]))
                rest = Substring(scalars[scalars.index(after: newline)...])
            } else {
                lines.append(remaining)
                rest = nil
            }
            let isMarker = Self.isMarker(lines[lines.count - 1])
            if lines.count == 1, !isMarker { return nil }
            if lines.count > 1, isMarker { break }
        }
        guard lines.count > 1, Self.isMarker(lines[lines.count - 1]) else { return nil }
        self.lines = lines
        self.rest = rest
        firstLine = 1
        closingLine = lines.count - 1
    }

    private static func isMarker(_ line: Substring) -> Bool {
        line.trimmingSuffix(" \r") == "---"
    }

    /// The text with `range` of lines replaced.
    public func replacingLines(_ range: Range<Int>, with new: [String]) -> String {
        var result = lines.map(String.init)
        result.replaceSubrange(range, with: new)
        return result.joined(separator: "\n") + (rest.map { "\n" + $0 } ?? "")
    }

    /// A YAML scalar's text: quotes removed, their escapes read; a plain one as it is.
    public static func scalar(_ text: Substring) -> String {
        if text.count >= 2, text.first == "'", text.last == "'" {
            return String(text.dropFirst().dropLast()).replacingOccurrences(of: "''", with: "'")
        }
        guard text.count >= 2, text.first == "\"", text.last == "\"" else { return String(text) }
        var result = ""
        var escaping = false
        var characters = text.dropFirst().dropLast()[...]
        while let character = characters.popFirst() {
            guard escaping else {
                if character == "\\" { escaping = true } else { result.append(character) }
                continue
            }
            escaping = false
            switch character {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": result.append("\r")
            case "u":
                let hex = characters.prefix(4)
                if hex.count == 4, let value = UInt32(String(hex), radix: 16), let scalar = Unicode.Scalar(value) {
                    result.unicodeScalars.append(scalar)
                    characters = characters.dropFirst(4)
                }
            default: result.append(character)
            }
        }
        return result
    }
}

extension Substring {
    func trimmingSuffix(_ characters: String) -> Substring {
        var text = self
        while let last = text.last, characters.contains(last) { text.removeLast() }
        return text
    }

    func trimmingCharacters(_ characters: String) -> Substring {
        var text = trimmingSuffix(characters)
        while let first = text.first, characters.contains(first) { text.removeFirst() }
        return text
    }
}
