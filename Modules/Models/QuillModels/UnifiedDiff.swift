/// Two texts' difference as `diff -u` prints it: what `quill diff` shows and the web reader's
/// History page renders.
public struct UnifiedDiff: Hashable, Sendable {
    /// One printed line and what it is, so that a terminal or a page can colour it.
    public struct Line: Hashable, Sendable {
        public enum Kind: Hashable, Sendable {
            case header, hunk, context, removed, added, noNewline
        }

        public let kind: Kind
        /// The line without its line end.
        public let text: String
    }

    /// Header, hunk and body lines; empty when the texts are equal.
    public let lines: [Line]
    /// Lines added and removed, for a one-line summary.
    public let added: Int
    public let removed: Int

    /// - Parameters: `oldName` and `newName` are the `---` and `+++` headers; `context` is the
    ///   number of unchanged lines around each change.
    public init(from old: String, to new: String, oldName: String, newName: String, context: Int = 3) {
        let oldLines = LineDiff.lines(old)
        let newLines = LineDiff.lines(new)
        let matches = LineDiff.matches(oldLines, newLines)
        // Every line of both texts as a script: (kind, old index, new index).
        var script: [(kind: Line.Kind, old: Int, new: Int)] = []
        var nextOld = 0
        var nextNew = 0
        for pair in matches + [(old: oldLines.count, new: newLines.count)] {
            while nextOld < pair.old { script.append((.removed, nextOld, nextNew)); nextOld += 1 }
            while nextNew < pair.new { script.append((.added, nextOld, nextNew)); nextNew += 1 }
            if pair.old < oldLines.count { script.append((.context, nextOld, nextNew)) }
            nextOld += 1
            nextNew += 1
        }
        added = script.filter { $0.kind == .added }.count
        removed = script.filter { $0.kind == .removed }.count
        guard added + removed > 0 else {
            lines = []
            return
        }
        var printed = [Line(kind: .header, text: "--- " + oldName), Line(kind: .header, text: "+++ " + newName)]
        let changed = script.indices.filter { script[$0].kind != .context }
        var hunkStart = 0
        while hunkStart < changed.count {
            var hunkEnd = hunkStart
            while hunkEnd + 1 < changed.count, changed[hunkEnd + 1] - changed[hunkEnd] <= 2 * context + 1 { hunkEnd += 1 }
            let first = max(0, changed[hunkStart] - context)
            let last = min(script.count - 1, changed[hunkEnd] + context)
            let part = script[first...last]
            let oldCount = part.filter { $0.kind != .added }.count
            let newCount = part.filter { $0.kind != .removed }.count
            let oldStart = oldCount == 0 ? part.first!.old : part.first!.old + 1
            let newStart = newCount == 0 ? part.first!.new : part.first!.new + 1
            printed.append(Line(kind: .hunk, text: "@@ -\(Self.range(oldStart, oldCount)) +\(Self.range(newStart, newCount)) @@"))
            for entry in part {
                let line = entry.kind == .added ? newLines[entry.new] : oldLines[entry.old]
                let sign = entry.kind == .added ? "+" : entry.kind == .removed ? "-" : " "
                let ends = line.hasSuffix("\n")
                printed.append(Line(kind: entry.kind, text: sign + (ends ? String(line.dropLast()) : String(line))))
                if !ends { printed.append(Line(kind: .noNewline, text: "\\ No newline at end of file")) }
            }
            hunkStart = hunkEnd + 1
        }
        lines = printed
    }

    /// The text as `diff -u` prints it.
    public var text: String { lines.map { $0.text + "\n" }.joined() }

    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }
}
