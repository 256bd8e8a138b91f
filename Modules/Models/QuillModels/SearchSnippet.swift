/// A short excerpt of a note's body, cut into plain runs and matched words, so that each
/// output (a terminal, plain text, JSON) marks the matches its own way. What it shows of a body
/// is defined once, beside `SearchQuery` and `SearchText` (`init(body:highlighting:)`, in
/// `SearchSnippetMaking.swift`), and every search index calls it, so they agree.
public struct SearchSnippet: Hashable, Sendable {
    /// A run of the excerpt, and whether it is a word the query matched.
    public struct Run: Hashable, Sendable {
        public let text: String
        public let isMatch: Bool

        public init(_ text: String, isMatch: Bool) {
            self.text = text
            self.isMatch = isMatch
        }
    }

    public let runs: [Run]

    public init(_ runs: [Run]) {
        self.runs = runs
    }

    /// The excerpt on one line, each match between `open` and `close`: `lineRuns` joined.
    public func marked(open: String, close: String) -> String {
        Self.marked(lineRuns, open: open, close: close)
    }

    /// `lineRuns` (computed once by a caller that needs them too) joined, each match between
    /// `open` and `close`.
    public static func marked(_ lineRuns: [Run], open: String, close: String) -> String {
        var line = ""
        for run in lineRuns {
            if run.isMatch { line += open }
            line += run.text
            if run.isMatch { line += close }
        }
        return line
    }

    /// The runs as one line shows them: each run of white space, line breaks included, is one
    /// space, none at either end, and a space between a plain run and a match belongs to the
    /// plain run (so markers put around a match hold the match alone); empty runs are left
    /// out. Their texts joined are the line whatever marks the matches, which is what lets
    /// `search --json` give the runs beside the marked line: a body's own `**` cannot be told
    /// from a marker in the line, in the runs it can.
    public var lineRuns: [Run] {
        var result: [Run] = []
        var text: [UInt8] = []
        var spaceDue = false
        var isEmpty = true
        for run in runs {
            text.removeAll(keepingCapacity: true)
            for scalar in run.text.unicodeScalars {
                if Self.isWhitespace(scalar) {
                    spaceDue = !isEmpty
                    continue
                }
                if spaceDue {
                    if run.isMatch && text.isEmpty {
                        // The space goes before the marker: onto the plain run before, or a run of its own.
                        if let last = result.last, !last.isMatch {
                            result[result.count - 1] = Run(last.text + " ", isMatch: false)
                        } else {
                            result.append(Run(" ", isMatch: false))
                        }
                    } else {
                        text.append(0x20)
                    }
                }
                spaceDue = false
                isEmpty = false
                if scalar.isASCII { text.append(UInt8(scalar.value)) } else { text += scalar.utf8 }
            }
            guard !text.isEmpty else { continue }
            let piece = String(decoding: text, as: UTF8.self)
            if let last = result.last, !last.isMatch, !run.isMatch {
                result[result.count - 1] = Run(last.text + piece, isMatch: false)
            } else {
                result.append(Run(piece, isMatch: run.isMatch))
            }
        }
        return result
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar == " " || (0x09...0x0d).contains(scalar.value) : scalar.properties.isWhitespace
    }

    /// The words of the excerpt that matched, in order.
    public var matches: [String] { runs.filter(\.isMatch).map(\.text) }
}
