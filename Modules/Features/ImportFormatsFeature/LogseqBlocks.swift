import QuillModels

/// Logseq's block references across a graph: a block another shows carries its ID as a property
/// line under it (`id:: 6571f0e2-…`), and a page shows it by `((id))` or `{{embed ((id))}}`.
///
/// Exists so that such a reference reaches its block in Quill, as Roam's do: the block ends with
/// ` ^id` (where the web reader anchors it) instead of the property line, and the reference is an
/// embed of it showing its text, `![[Page^id|text]]`. An ID the graph does not hold is left as
/// written and named in the report. Code (`MarkdownCode`) is never read.
struct LogseqBlocks {
    private var blocks: [String: (page: String, text: String)] = [:]
    private var titles = ExportLinkTargets()

    /// Takes in a page's blocks that carry an ID.
    mutating func add(page title: String, sourceID: String, body: String) {
        titles.add(title: title, sourceID: sourceID)
        let lines = Self.lines(body)
        for (line, owner) in Self.identified(lines) {
            blocks[line.id] = (title, String(lines[owner].dropFirst(Self.bulletTextStart(lines[owner]) ?? 0)))
        }
    }

    /// `body` with its blocks' IDs as ` ^id` and its references as embeds; what it could not find.
    func rewritten(_ body: String) -> (body: String, notices: [String]) {
        guard body.contains("id:: ") || body.contains("((") else { return (body, []) }
        var lines = Self.lines(body).map(String.init)
        var removed: Set<Int> = []
        for (line, owner) in Self.identified(lines.map { Substring($0) }) where !lines[owner].contains("```") {
            lines[owner] += " ^" + line.id
            removed.insert(line.index)
        }
        let marked = lines.enumerated().filter { !removed.contains($0.offset) }.map(\.element).joined(separator: "\n")
        var notices: [String] = []
        let blanked = MarkdownCode.blanked(marked)
        let original = Array(marked.utf8)
        var replacements: [(Range<Int>, String)] = []
        var index = 0
        while index + 40 <= blanked.count {
            guard blanked[index] == Self.open, blanked[index + 1] == Self.open, blanked[index + 38] == Self.close, blanked[index + 39] == Self.close,
                  let id = Self.blockID(original[(index + 2)..<(index + 38)]) else {
                index += 1
                continue
            }
            var range = index..<(index + 40)
            let embedOpening = Array("{{embed ".utf8)
            if index >= embedOpening.count, original[(index - embedOpening.count)..<index].elementsEqual(embedOpening),
               range.upperBound + 2 <= original.count, original[range.upperBound] == UInt8(ascii: "}"), original[range.upperBound + 1] == UInt8(ascii: "}") {
                range = (index - embedOpening.count)..<(range.upperBound + 2)
            }
            if let block = blocks[id] {
                let shown = ExportLinkTargets.shownText(ofBlock: block.text)
                replacements.append((range, "![[" + titles.target(block.page) + "^" + id + (shown.isEmpty ? "" : "|" + shown) + "]]"))
            } else {
                notices.append("'((\(id)))' is a block the graph does not hold; left as written")
            }
            index = range.upperBound
        }
        return (UTF8Replacements.applying(replacements, to: marked), notices)
    }

    private static let open = UInt8(ascii: "("), close = UInt8(ascii: ")")

    /// An ID as Logseq writes one (a UUID, lower-cased), if `bytes` are one.
    private static func blockID(_ bytes: ArraySlice<UInt8>) -> String? {
        guard bytes.count == 36 else { return nil }
        for (offset, byte) in bytes.enumerated() {
            let isDash = [8, 13, 18, 23].contains(offset)
            guard isDash ? byte == UInt8(ascii: "-") : (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x66) || (byte >= 0x41 && byte <= 0x46)
            else { return nil }
        }
        return String(decoding: bytes, as: UTF8.self).lowercased()
    }

    private static func lines(_ body: String) -> [Substring] {
        body.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// Where a bullet's text starts (`- ` after its indentation), if the line is a bullet.
    private static func bulletTextStart(_ line: Substring) -> Int? {
        let indentation = line.prefix { $0 == " " || $0 == "\t" }.count
        let rest = line.dropFirst(indentation)
        guard rest.hasPrefix("- ") || rest == "-" else { return nil }
        return indentation + min(2, rest.count)
    }

    /// Each `id:: <id>` line outside code, with the bullet it belongs to: the last before it that
    /// is indented less.
    private static func identified(_ lines: [Substring]) -> [(line: (index: Int, id: String), owner: Int)] {
        var found: [(line: (index: Int, id: String), owner: Int)] = []
        var bullets: [(index: Int, indentation: Int)] = []
        var fences = MarkdownCode.FenceTracker()
        for (index, line) in lines.enumerated() {
            let indentation = line.prefix { $0 == " " || $0 == "\t" }.count
            let rest = line.dropFirst(indentation)
            let read = fences.read(Array(line.utf8)[...])
            switch read {
            case .inside, .closing: continue
            case .text, .opening: break
            }
            if bulletTextStart(line) != nil {
                while let last = bullets.last, last.indentation >= indentation { bullets.removeLast() }
                bullets.append((index, indentation))
            } else if case .text = read, rest.hasPrefix("id:: "),
                      let id = blockID(Array(rest.dropFirst(5).utf8.prefix { $0 != 0x20 && $0 != 0x0d })[...]),
                      rest.dropFirst(5 + 36).allSatisfy({ $0 == " " || $0 == "\r" }) {
                while let last = bullets.last, last.indentation >= indentation { bullets.removeLast() }
                if let owner = bullets.last { found.append(((index, id), owner.index)) }
            }
        }
        return found
    }
}
