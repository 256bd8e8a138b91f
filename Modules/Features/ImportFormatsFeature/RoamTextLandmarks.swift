extension RoamText {
    /// Where a block's text pairs its brackets (`[[…]]`, `{{…}}`, nested ones inside), where each
    /// label's `]` is, and where each emphasis mark (`__`, `^^`) is, each found in one pass over
    /// the text.
    ///
    /// Exists so that reading a block takes time in proportion to its length: looking for the
    /// close of every opening from where it stands read a line again for each, and half a
    /// megabyte of `[[` (a hostile export, a block of pasted text) took hours.
    struct Landmarks {
        /// For each opening byte (`[`, `{`), where each doubled opening's doubled close is.
        private let pairs: [UInt8: [Int: Int]]
        /// For each place, the next `]` or line break at or after it.
        private let nextLabelEnd: [Int]
        private let bytes: [UInt8]
        private let emphasis: [[UInt8]: [Int]]
        private let lineBreaks: [Int]

        init(_ bytes: [UInt8], emphasis marks: [[UInt8]]) {
            self.bytes = bytes
            var pairs: [UInt8: [Int: Int]] = [:]
            for (open, close) in [(UInt8(ascii: "["), UInt8(ascii: "]")), (UInt8(ascii: "{"), UInt8(ascii: "}"))] {
                var opened: [Int] = []
                var matches: [Int: Int] = [:]
                var index = 0
                while index < bytes.count {
                    let doubled = index + 1 < bytes.count && bytes[index + 1] == bytes[index]
                    if bytes[index] == 0x0A {
                        opened.removeAll()
                        index += 1
                    } else if doubled, bytes[index] == open {
                        opened.append(index)
                        index += 2
                    } else if doubled, bytes[index] == close {
                        if let start = opened.popLast() { matches[start] = index }
                        index += 2
                    } else {
                        index += 1
                    }
                }
                pairs[open] = matches
            }
            self.pairs = pairs
            var next = [Int](repeating: bytes.count, count: bytes.count + 1)
            for index in bytes.indices.reversed() {
                next[index] = bytes[index] == UInt8(ascii: "]") || bytes[index] == 0x0A ? index : next[index + 1]
            }
            nextLabelEnd = next
            var emphasis: [[UInt8]: [Int]] = [:]
            for mark in marks { emphasis[mark] = bytes.indices.filter { bytes[$0...].starts(with: mark) } }
            self.emphasis = emphasis
            lineBreaks = bytes.indices.filter { bytes[$0] == 0x0A }
        }

        /// What lies between the doubled `open` at `start` and its close on the same line (nested
        /// pairs kept inside: `[[[[a]] b]]`), if it holds anything, and where the close ends.
        func enclosed(at start: Int, open: UInt8) -> (Range<Int>, end: Int)? {
            guard let close = pairs[open]?[start], close > start + 2 else { return nil }
            return ((start + 2)..<close, close + 2)
        }

        /// The `]` that ends a label opened at `start`, on its line.
        func labelEnd(after start: Int) -> Int? {
            let end = nextLabelEnd[min(start + 1, bytes.count)]
            return end < bytes.count && bytes[end] == UInt8(ascii: "]") ? end : nil
        }

        /// Where `mark` closes an emphasis whose text starts at `from`: on the same line, with text between.
        func closing(_ mark: [UInt8], after from: Int) -> Int? {
            guard let found = emphasis[mark], let next = Self.first(in: found, atLeast: from + 1) else { return nil }
            let lineEnd = Self.first(in: lineBreaks, atLeast: from) ?? Int.max
            return next < lineEnd ? next : nil
        }

        /// The first of sorted `values` that is at least `bound`.
        private static func first(in values: [Int], atLeast bound: Int) -> Int? {
            var low = 0, high = values.count
            while low < high {
                let middle = (low + high) / 2
                if values[middle] < bound { low = middle + 1 } else { high = middle }
            }
            return low < values.count ? values[low] : nil
        }
    }
}
