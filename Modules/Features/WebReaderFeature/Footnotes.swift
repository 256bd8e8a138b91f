import QuillModels

/// A note's footnotes (`text[^1]` and a line `[^1]: what it says`), as Obsidian and GitHub write
/// them, taken out of its Markdown so that the page can show them as footnotes.
///
/// Exists because Ink knows no footnotes: it read each definition as a link's reference and
/// dropped it, so what a footnote said was nowhere on the page. Here each definition (its first
/// line, and the lines indented under it) leaves the text, and each reference to it becomes a
/// link to it, `[n]`, numbered in the order the text first refers to them; a definition nothing
/// refers to is numbered after them, so that nothing written is hidden. A reference with no
/// definition stays as it is written. Code is left alone.
struct Footnotes {
    /// The text without its definitions, each reference a Markdown link to `#fn-n`.
    let text: String
    /// What each footnote says (Markdown), in the order of their numbers.
    let notes: [String]

    /// The anchor of footnote `number` (from 1) on the page.
    static func anchor(_ number: Int) -> String { anchorPrefix + "\(number)" }
    static let anchorPrefix = "fn-"

    init(_ markdown: String) {
        let blanked = MarkdownCode.blanked(markdown)
        guard Self.mayHoldOne(blanked) else {
            (text, notes) = (markdown, [])
            return
        }
        let bytes = Array(markdown.utf8)
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var definitions: [(label: String, text: String)] = [], defined = Set<String>()
        var lineStart = 0
        while lineStart < bytes.count {
            let lineEnd = Self.lineEnd(bytes, from: lineStart)
            guard let (label, textStart) = Self.definition(blanked, lineStart, lineEnd) else {
                kept.append(contentsOf: bytes[lineStart..<lineEnd])
                lineStart = lineEnd
                continue
            }
            // The first line's text, then each line indented under it (blank lines between them kept).
            var lines = [String(decoding: bytes[textStart..<lineEnd], as: UTF8.self).trimmingTrailingNewline]
            var next = lineEnd, pendingBlank = 0
            while next < bytes.count {
                let end = Self.lineEnd(bytes, from: next)
                let line = bytes[next..<end]
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0a || $0 == 0x0d }) {
                    pendingBlank += 1
                } else if let body = Self.indented(line) {
                    lines += Array(repeating: "", count: pendingBlank) + [String(decoding: body, as: UTF8.self).trimmingTrailingNewline]
                    pendingBlank = 0
                } else {
                    break
                }
                next = end
            }
            // Blank lines after the definition stay in the text.
            if pendingBlank > 0 { next = Self.start(ofBlankLines: pendingBlank, before: next, in: bytes) }
            if defined.insert(label).inserted { definitions.append((label, lines.joined(separator: "\n"))) }
            lineStart = next
        }
        guard !definitions.isEmpty else {
            (text, notes) = (markdown, [])
            return
        }
        var numbers: [String: Int] = [:]
        var output: [UInt8] = []
        output.reserveCapacity(kept.count + 64)
        let keptBlanked = MarkdownCode.blanked(String(decoding: kept, as: UTF8.self))
        var index = 0
        while index < kept.count {
            if let (label, end) = Self.reference(keptBlanked, from: index), defined.contains(label) {
                let number = numbers[label] ?? (numbers.count + 1)
                numbers[label] = number
                output.append(contentsOf: "[\\[\(number)\\]](#\(Self.anchor(number)))".utf8)
                index = end
            } else {
                output.append(kept[index])
                index += 1
            }
        }
        for definition in definitions where numbers[definition.label] == nil { numbers[definition.label] = numbers.count + 1 }
        text = String(decoding: output, as: UTF8.self)
        notes = definitions.sorted { numbers[$0.label]! < numbers[$1.label]! }.map(\.text)
    }

    /// Whether `[^` is anywhere outside code: most notes have no footnotes.
    private static func mayHoldOne(_ blanked: [UInt8]) -> Bool {
        guard blanked.count >= 2 else { return false }
        return (0..<(blanked.count - 1)).contains { blanked[$0] == openBracket && blanked[$0 + 1] == caret }
    }

    /// The index after the line starting at `start` (after its `\n`).
    private static func lineEnd(_ bytes: [UInt8], from start: Int) -> Int {
        (bytes[start...].firstIndex(of: 0x0a)).map { $0 + 1 } ?? bytes.count
    }

    /// A definition's label and where its text starts: up to three spaces, `[^label]:`, spaces.
    private static func definition(_ blanked: [UInt8], _ start: Int, _ end: Int) -> (String, Int)? {
        var index = start
        while index < end, index - start < 3, blanked[index] == 0x20 { index += 1 }
        guard let (label, after) = reference(blanked, from: index), after < end, blanked[after] == colon else { return nil }
        var textStart = after + 1
        while textStart < end, blanked[textStart] == 0x20 || blanked[textStart] == 0x09 { textStart += 1 }
        return (label, textStart)
    }

    /// A reference `[^label]` starting at `start` (a label of 1 to 100 bytes, no white space or
    /// brackets): its label and the index after its `]`.
    private static func reference(_ blanked: [UInt8], from start: Int) -> (String, Int)? {
        guard start + 3 < blanked.count, blanked[start] == openBracket, blanked[start + 1] == caret else { return nil }
        var index = start + 2
        while index < blanked.count, index - start - 2 <= 100 {
            let byte = blanked[index]
            if byte == closeBracket {
                guard index > start + 2 else { return nil }
                return (String(decoding: blanked[(start + 2)..<index], as: UTF8.self), index + 1)
            }
            if byte <= 0x20 || byte == openBracket { return nil }
            index += 1
        }
        return nil
    }

    /// A line indented by four spaces or a tab, without that indentation; nil if it is not.
    private static func indented(_ line: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        if line.first == 0x09 { return line.dropFirst() }
        return line.prefix(4).elementsEqual([0x20, 0x20, 0x20, 0x20]) ? line.dropFirst(4) : nil
    }

    /// Where the last `count` lines before `end` start.
    private static func start(ofBlankLines count: Int, before end: Int, in bytes: [UInt8]) -> Int {
        var index = end
        for _ in 0..<count {
            index -= 1
            while index > 0, bytes[index - 1] != 0x0a { index -= 1 }
        }
        return index
    }

    private static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
    private static let caret = UInt8(ascii: "^"), colon = UInt8(ascii: ":")
}

private extension String {
    var trimmingTrailingNewline: String {
        var text = self
        while let last = text.last, last.isNewline { text.removeLast() }
        return text
    }
}
