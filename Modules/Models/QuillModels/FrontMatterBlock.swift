import Foundation

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

    /// Line `index` as `key: value` at the block's top level (a key of letters, digits, `_` and
    /// `-`, not indented, not a list's item), the value trimmed; `nil` for any other line.
    public func key(at index: Int) -> (name: Substring, value: Substring)? {
        let line = lines[index]
        guard let first = line.first, first.isLetter, let colon = line.firstIndex(of: ":") else { return nil }
        let name = line[..<colon]
        guard name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" }) else { return nil }
        return (name, line[line.index(after: colon)...].trimmingCharacters(" \t\r"))
    }

    /// The text of the key on line `index`: its scalar's (`scalar`), or for a block scalar (`|`,
    /// `>-`) its indented lines that follow, joined as the indicator says; `nil` when empty.
    public func text(ofKeyAt index: Int) -> String? {
        guard let value = key(at: index)?.value else { return nil }
        guard let indicator = value.first, indicator == "|" || indicator == ">" else {
            let text = Self.scalar(value)
            return text.isEmpty ? nil : text
        }
        let following = lines[(index + 1)..<closingLine].prefix { $0.first == " " || $0.first == "\t" || $0.trimmingSuffix("\r").isEmpty }
            .map { $0.trimmingCharacters(" \t\r") }
        var text = ""
        if indicator == "|" {
            text = following.joined(separator: "\n")
        } else {
            // Folded: lines joined by a space, an empty line a line break.
            for line in following {
                if line.isEmpty { text += "\n" } else { text += (text.isEmpty || text.hasSuffix("\n") ? "" : " ") + line }
            }
        }
        text = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
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
