import Foundation

/// The lines two texts share, found once for every user of a diff: the history's deltas
/// (`LineDelta`), `quill diff` and the web reader (`UnifiedDiff`).
///
/// Lines are equal when their bytes are, not when Swift's `==` says so: `String` equality is
/// canonical equivalence, under which "é" and "e" + U+0301 are one line, and a delta that took
/// one for the other would rebuild an older text with different bytes.
///
/// Myers' O(ND) algorithm on the lines between the texts' common prefix and suffix. Two texts
/// that differ in more than `maxEdits` lines there are matched by prefix and suffix alone (a
/// correct script, not always the shortest), which bounds the time and memory of a rewrite.
public enum LineDiff {
    /// Past this many inserted and removed lines, only the common prefix and suffix are matched.
    public static let maxEdits = 1_000

    /// `text` split after each line end; the last line has none if the text does not end with one.
    /// Joined, the lines are `text` again.
    public static func lines(_ text: String) -> [Substring] {
        var text = text
        text.makeContiguousUTF8()
        let utf8 = text.utf8
        let ends: [Int] = utf8.withContiguousStorageIfAvailable { bytes in
            var ends: [Int] = []
            var offset = 0
            while offset < bytes.count, let base = bytes.baseAddress,
                  let found = memchr(base + offset, Int32(UInt8(ascii: "\n")), bytes.count - offset) {
                offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                ends.append(offset)
            }
            if offset < bytes.count { ends.append(bytes.count) }
            return ends
        } ?? []
        var lines: [Substring] = []
        lines.reserveCapacity(ends.count)
        var start = utf8.startIndex
        for end in ends {
            let next = utf8.index(utf8.startIndex, offsetBy: end)
            lines.append(Substring(utf8[start..<next]))
            start = next
        }
        return lines
    }

    /// Whether two lines have the same bytes.
    static func same(_ left: Substring, _ right: Substring) -> Bool {
        guard left.utf8.count == right.utf8.count else { return false }
        let compared: Bool?? = left.utf8.withContiguousStorageIfAvailable { leftBytes in
            right.utf8.withContiguousStorageIfAvailable { rightBytes in
                guard let leftBase = leftBytes.baseAddress, let rightBase = rightBytes.baseAddress else { return true }
                return memcmp(leftBase, rightBase, leftBytes.count) == 0
            }
        }
        if let compared = compared ?? nil { return compared }
        return left.utf8.elementsEqual(right.utf8)
    }

    /// A line as a dictionary key by its bytes.
    private struct LineBytes: Hashable {
        let line: Substring
        static func == (left: LineBytes, right: LineBytes) -> Bool { same(left.line, right.line) }
        func hash(into hasher: inout Hasher) {
            if line.utf8.withContiguousStorageIfAvailable({ hasher.combine(bytes: UnsafeRawBufferPointer($0)) }) == nil {
                for byte in line.utf8 { hasher.combine(byte) }
            }
        }
    }

    /// Index pairs `(old, new)` of equal lines, increasing in both.
    public static func matches(_ old: [Substring], _ new: [Substring]) -> [(old: Int, new: Int)] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, same(old[prefix], new[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              same(old[old.count - 1 - suffix], new[new.count - 1 - suffix]) { suffix += 1 }
        var pairs = (0..<prefix).map { (old: $0, new: $0) }
        let middle = middleMatches(old, new, from: prefix, oldEnd: old.count - suffix, newEnd: new.count - suffix)
        pairs.append(contentsOf: middle)
        pairs.append(contentsOf: (0..<suffix).map { (old: old.count - suffix + $0, new: new.count - suffix + $0) })
        return pairs
    }

    /// Myers' greedy forward search over `old[start..<oldEnd]` and `new[start..<newEnd]`, each
    /// round's furthest reaching paths kept (about D² integers for D edits) to trace the script back.
    private static func middleMatches(
        _ oldLines: [Substring], _ newLines: [Substring], from start: Int, oldEnd: Int, newEnd: Int
    ) -> [(old: Int, new: Int)] {
        let n = oldEnd - start
        let m = newEnd - start
        guard n > 0, m > 0 else { return [] }
        // Lines as small integers, so that comparing two is one instruction.
        var numbers: [LineBytes: Int] = [:]
        var old: [Int] = []
        old.reserveCapacity(n)
        for line in oldLines[start..<oldEnd] {
            if let number = numbers[LineBytes(line: line)] { old.append(number) } else {
                numbers[LineBytes(line: line)] = numbers.count
                old.append(numbers.count - 1)
            }
        }
        let new = newLines[start..<newEnd].map { numbers[LineBytes(line: $0)] ?? -1 }
        let limit = min(n + m, maxEdits)
        let offset = limit + 1
        var furthest = [Int](repeating: 0, count: 2 * limit + 3)
        var trace: [[Int]] = []
        var found = false
        search: for edits in 0...limit {
            // Round `edits` reads diagonals -edits-1 ... edits+1 only: that slice is all it keeps.
            trace.append(Array(furthest[(offset - edits - 1)...(offset + edits + 1)]))
            for diagonal in stride(from: -edits, through: edits, by: 2) {
                var x = takesDown(diagonal, edits, furthest, offset)
                    ? furthest[offset + diagonal + 1] : furthest[offset + diagonal - 1] + 1
                var y = x - diagonal
                while x < n, y < m, old[x] == new[y] {
                    x += 1
                    y += 1
                }
                furthest[offset + diagonal] = x
                if x >= n, y >= m {
                    found = true
                    break search
                }
            }
        }
        guard found else { return [] }
        // Walk back from (n, m) round by round; each round's diagonal run is a run of matches.
        var pairs: [(old: Int, new: Int)] = []
        var x = n
        var y = m
        for edits in stride(from: trace.count - 1, through: 1, by: -1) {
            let previous = trace[edits]
            let diagonal = x - y
            let sliceOffset = edits + 1
            let previousDiagonal = takesDown(diagonal, edits, previous, sliceOffset) ? diagonal + 1 : diagonal - 1
            let previousX = previous[sliceOffset + previousDiagonal]
            let previousY = previousX - previousDiagonal
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                pairs.append((old: start + x, new: start + y))
            }
            x = previousX
            y = previousY
        }
        while x > 0, y > 0 {
            x -= 1
            y -= 1
            pairs.append((old: start + x, new: start + y))
        }
        return pairs.reversed()
    }

    /// Whether the path to `diagonal` in round `edits` comes from the diagonal above (an
    /// inserted line) rather than the one below (a removed line).
    private static func takesDown(_ diagonal: Int, _ edits: Int, _ furthest: [Int], _ offset: Int) -> Bool {
        diagonal == -edits || (diagonal != edits && furthest[offset + diagonal - 1] < furthest[offset + diagonal + 1])
    }
}
