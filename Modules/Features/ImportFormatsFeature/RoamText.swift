import QuillModels

/// A Roam page's blocks as Markdown: an outline of bullets, each block's text in Quill's terms.
///
/// Exists apart from `RoamReader` (which decodes the export) because this is the part that follows
/// Roam's syntax. A block another one shows (`((uid))`) ends with its ID (`^uid`, as Obsidian
/// marks a block) so that the reference becomes an embed of that block (`![[Page^uid]]`); code
/// (fenced or inline, found by `MarkdownCode`) is never rewritten.
enum RoamText {
    /// What every page's text is read against: where each block is, which blocks are shown
    /// elsewhere, and the titles.
    struct Graph {
        /// The title of the page each block is on, and its text, by the block's ID.
        private var pageOfBlock: [String: String] = [:]
        private var textOfBlock: [String: String] = [:]
        /// The blocks some text shows by their ID.
        private(set) var referenced: Set<String> = []
        private var titles = ExportLinkTargets()

        init(pages: [RoamReader.Page]) {
            for page in pages {
                titles.add(title: page.title, sourceID: page.sourceID)
                var blocks = page.children ?? []
                while let block = blocks.popLast() {
                    if let uid = block.uid { (pageOfBlock[uid], textOfBlock[uid]) = (page.title, block.string) }
                    if block.string.contains("((") { referenced.formUnion(Self.blockIDs(in: block.string)) }
                    blocks += block.children ?? []
                }
            }
        }

        /// What a link to the page `title` names in Quill (`ExportLinkTargets`).
        func target(_ title: String) -> String { titles.target(title) }

        /// Where the block `uid` is, as a link's target (`Page^uid`), its page's title, and its text as
        /// a link can show it, if it is in the export.
        func block(_ uid: String) -> (target: String, page: String, shown: String)? {
            pageOfBlock[uid].map { (target($0) + "^" + uid, $0, ExportLinkTargets.shownText(ofBlock: textOfBlock[uid] ?? "")) }
        }

        /// The IDs in `((uid))` references.
        private static func blockIDs(in text: String) -> [String] {
            var found: [String] = []
            var rest = Substring(text)
            while let open = rest.range(of: "((") {
                rest = rest[open.upperBound...]
                let id = rest.prefix { isIDCharacter($0) }
                if !id.isEmpty, rest.dropFirst(id.count).hasPrefix("))") { found.append(String(id)) }
            }
            return found
        }
    }

    /// A block ID's characters, as Roam makes them.
    static func isIDCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLetter || character.isNumber || character == "-" || character == "_")
    }

    /// A page's outline, built block by block.
    struct Outline {
        let graph: Graph
        private(set) var lines: [String] = []
        private(set) var tags: [String] = []
        private(set) var linkedTitles: [String] = []
        private(set) var notices: [String] = []
        private(set) var editTimes: [Double] = []

        init(graph: Graph) {
            self.graph = graph
        }

        var markdown: String { lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n" }

        /// A bullet for the block at `level` (four spaces each), its text's other lines under it,
        /// then its children.
        mutating func add(_ block: RoamReader.Block, level: Int) {
            var text = Text(block.string, graph: graph)
            tags += text.tags.filter { !tags.contains($0) }
            linkedTitles += text.linkedTitles
            notices += text.notices
            if let time = block.editTime { editTimes.append(time) }
            if let heading = block.heading, (1...6).contains(heading), !text.markdown.contains("\n") {
                text.markdown = String(repeating: "#", count: heading) + " " + text.markdown
            }
            let indent = String(repeating: " ", count: level * 4)
            var blockLines = RoamText.closingCodeOnItsLine(text.markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
            if let uid = block.uid, graph.referenced.contains(uid) {
                // Its ID at its end (after a code block: on a line of its own), for `^uid` to reach it.
                if blockLines.last?.hasPrefix("```") == true || blockLines.last?.hasPrefix("~~~") == true {
                    blockLines.append("^" + uid)
                } else {
                    blockLines[blockLines.count - 1] += (blockLines[blockLines.count - 1].isEmpty ? "" : " ") + "^" + uid
                }
            }
            let marker = text.checkbox.map { "- [\($0 ? "x" : " ")] " } ?? "- "
            lines.append(indent + marker + blockLines[0])
            lines += blockLines.dropFirst().map { $0.isEmpty ? "" : indent + "  " + $0 }
            for child in block.children ?? [] { add(child, level: level + 1) }
        }
    }

    /// A code block's lines with its closing marks on a line of their own. Roam writes them at the
    /// end of the code's last line (`` ```css\ncode;``` ``), which in Markdown closes nothing: the
    /// rest of the note would be code.
    static func closingCodeOnItsLine(_ lines: [String]) -> [String] {
        guard lines.count > 1, let first = lines.first, first.hasPrefix("```"), !first.dropFirst(3).contains("`"),
              let last = lines.last, last.hasSuffix("```"), !last.allSatisfy({ $0 == "`" }) else { return lines }
        let code = String(last.dropLast(3))
        return lines.dropLast() + (code.isEmpty ? [] : [code]) + ["```"]
    }

    /// A block's text rewritten: references, aliases, tags, to-dos, italics and highlights.
    struct Text {
        var markdown: String
        /// `true` for a done to-do, `false` for an open one, `nil` for no to-do.
        var checkbox: Bool?
        var tags: [String] = []
        var linkedTitles: [String] = []
        var notices: [String] = []

        init(_ string: String, graph: Graph) {
            markdown = string
            let original = Array(string.utf8)
            let blanked = MarkdownCode.blanked(string)
            var output: [UInt8] = []
            var index = 0
            // A to-do is written at the block's start.
            if let (done, end) = Self.todo(in: blanked) {
                checkbox = done
                index = end
            }
            let landmarks = Landmarks(blanked, emphasis: Self.emphasis.map(\.mark))
            // Where an emphasis opened closes: its text between is read as any other.
            var closes: [Int: (length: Int, replacement: String)] = [:]
            func text(_ range: Range<Int>) -> String { String(decoding: original[range], as: UTF8.self) }
            func emit(_ text: String) { output += Array(text.utf8) }
            while index < blanked.count {
                let byte = blanked[index]
                let rest = blanked[index...]
                // A tag follows white space, a parenthesis or emphasis (`**#tag**`), as in Roam.
                let atWordStart = index == 0 || [0x20, 0x09, 0x0A, 0xA0, UInt8(ascii: "("), UInt8(ascii: "*")].contains(blanked[index - 1])
                if let close = closes.removeValue(forKey: index) {
                    emit(close.replacement)
                    index += close.length
                } else if rest.starts(with: Self.embedOpen), let (inner, end) = landmarks.enclosed(at: index, open: UInt8(ascii: "{")),
                   let embedded = embed(text(inner), graph: graph) {
                    emit(embedded)
                    index = end
                } else if byte == UInt8(ascii: "["), let (label, destination, end) = Self.alias(blanked, from: index, landmarks: landmarks) {
                    let target = text(destination)
                    if target.hasPrefix("((") {
                        emit(reference(String(target.dropFirst(2).dropLast(2)), graph: graph, asWritten: text(index..<end)) { target, _ in "[[\(target)|\(text(label))]]" })
                    } else {
                        let title = String(target.dropFirst(2).dropLast(2))
                        emit("[[\(graph.target(title))|\(text(label))]]")
                        linkedTitles.append(title)
                    }
                    index = end
                } else if rest.starts(with: Self.blockOpen), let uid = Self.blockID(blanked, from: index) {
                    let end = index + uid.count + 4
                    emit(reference(uid, graph: graph, asWritten: text(index..<end)) { Self.embed($0, $1) })
                    index = end
                } else if byte == UInt8(ascii: "#"), atWordStart, let (title, end) = Self.hashtag(blanked, from: index, landmarks: landmarks, before: closes) {
                    let name = text(title)
                    emit("[[\(graph.target(name))|#\(name)]]")
                    if !tags.contains(name) { tags.append(name) }
                    linkedTitles.append(name)
                    index = end
                } else if rest.starts(with: Self.linkOpen), let (inner, end) = landmarks.enclosed(at: index, open: UInt8(ascii: "[")),
                          !text(inner).trimmingSpaces().isEmpty {
                    let title = text(inner)
                    let target = graph.target(title)
                    emit(target == title ? "[[\(title)]]" : "[[\(target)|\(title)]]")
                    linkedTitles.append(title)
                    index = end
                } else if let (mark, replacement) = Self.emphasis.first(where: { rest.starts(with: $0.mark) }),
                          let close = landmarks.closing(mark, after: index + mark.count) {
                    emit(replacement)
                    closes[close] = (mark.count, replacement)
                    index += mark.count
                } else {
                    output.append(original[index])
                    index += 1
                }
            }
            markdown = String(decoding: output, as: UTF8.self)
        }

        /// A reference to the block `uid` as Quill writes it (`write` of its target and its text), or
        /// as it was written where the export does not hold the block, with a notice.
        private mutating func reference(_ uid: String, graph: Graph, asWritten: String, write: (String, String) -> String) -> String {
            guard let block = graph.block(uid) else {
                notices.append("'((\(uid)))' is a block the export does not hold; left as written")
                return asWritten
            }
            linkedTitles.append(block.page)
            return write(block.target, block.shown)
        }

        /// An embed of a block, showing its text (`![[Page^uid|text]]`).
        private static func embed(_ target: String, _ shown: String) -> String {
            "![[" + target + (shown.isEmpty ? "" : "|" + shown) + "]]"
        }

        /// `{{embed: ((uid))}}`, `{{[[embed]]: [[Page]]}}`: the embed Quill writes, if `inner` is one.
        private mutating func embed(_ inner: String, graph: Graph) -> String? {
            let parts = inner.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, ["embed", "[[embed]]"].contains(parts[0].trimmingSpaces()) else { return nil }
            let what = parts[1].trimmingSpaces()
            if what.hasPrefix("(("), what.hasSuffix("))") {
                return reference(String(what.dropFirst(2).dropLast(2)), graph: graph, asWritten: "{{" + inner + "}}") { Self.embed($0, $1) }
            }
            guard what.hasPrefix("[["), what.hasSuffix("]]") else { return nil }
            let title = String(what.dropFirst(2).dropLast(2))
            linkedTitles.append(title)
            return "![[\(graph.target(title))]]"
        }

        private static let tagEnds = Set(" \t\n,;:!?\"()[]{}*#".utf8), noBreakSpace: [UInt8] = [0xC2, 0xA0]
        private static let embedOpen = Array("{{".utf8), blockOpen = Array("((".utf8), linkOpen = Array("[[".utf8)
        /// Roam's italics (`__`) and highlights (`^^`), and what Quill writes for them.
        private static let emphasis: [(mark: [UInt8], replacement: String)] = [(Array("__".utf8), "*"), (Array("^^".utf8), "==")]

        /// `{{[[TODO]]}}`, `{{TODO}}`, `{{[[DONE]]}}` or `{{DONE}}` at the start, and where what follows begins.
        private static func todo(in bytes: [UInt8]) -> (done: Bool, end: Int)? {
            for (form, done) in [("{{[[TODO]]}}", false), ("{{TODO}}", false), ("{{[[DONE]]}}", true), ("{{DONE}}", true)] where bytes.starts(with: form.utf8) {
                var end = form.utf8.count
                while end < bytes.count, bytes[end] == 0x20 { end += 1 }
                return (done, end)
            }
            return nil
        }

        /// `[label]([[Page]])` or `[label](((uid)))` at `start`: the label, the destination with its
        /// brackets, and where it ends.
        private static func alias(
            _ bytes: [UInt8], from start: Int, landmarks: Landmarks
        ) -> (label: Range<Int>, destination: Range<Int>, end: Int)? {
            guard let labelEnd = landmarks.labelEnd(after: start), labelEnd + 1 < bytes.count, bytes[labelEnd + 1] == UInt8(ascii: "(") else { return nil }
            let destinationStart = labelEnd + 2
            if bytes[destinationStart...].starts(with: linkOpen), let (inner, end) = landmarks.enclosed(at: destinationStart, open: UInt8(ascii: "[")),
               end < bytes.count, bytes[end] == UInt8(ascii: ")") {
                return ((start + 1)..<labelEnd, (inner.lowerBound - 2)..<(inner.upperBound + 2), end + 1)
            }
            if bytes[destinationStart...].starts(with: blockOpen), let uid = blockID(bytes, from: destinationStart) {
                let end = destinationStart + uid.count + 4
                guard end < bytes.count, bytes[end] == UInt8(ascii: ")") else { return nil }
                return ((start + 1)..<labelEnd, destinationStart..<end, end + 1)
            }
            return nil
        }

        /// The ID of a `((uid))` at `start`.
        private static func blockID(_ bytes: [UInt8], from start: Int) -> String? {
            var end = start + 2
            while end < bytes.count, bytes[end] < 0x80, isIDCharacter(Character(Unicode.Scalar(bytes[end]))) { end += 1 }
            guard end > start + 2, bytes[end...].starts(with: Array("))".utf8)) else { return nil }
            return String(decoding: bytes[(start + 2)..<end], as: UTF8.self)
        }

        /// A tag at `start`: `#[[Two words]]`, or `#word` up to white space (a no-break space too),
        /// what ends it (`,;:!?"()[]{}*`, a `.` at its end) or the close of an emphasis around it
        /// (`__#tag__`); the tag's name and where it ends.
        private static func hashtag(
            _ bytes: [UInt8], from start: Int, landmarks: Landmarks, before closes: [Int: (length: Int, replacement: String)]
        ) -> (Range<Int>, end: Int)? {
            if bytes[(start + 1)...].starts(with: linkOpen) {
                return landmarks.enclosed(at: start + 1, open: UInt8(ascii: "["))
            }
            var end = start + 1
            while end < bytes.count, !tagEnds.contains(bytes[end]), !bytes[end...].starts(with: noBreakSpace), closes[end] == nil { end += 1 }
            while end > start + 1, bytes[end - 1] == UInt8(ascii: ".") { end -= 1 }
            guard end > start + 1 else { return nil }
            return ((start + 1)..<end, end)
        }
    }
}
