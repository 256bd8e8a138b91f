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

    /// The excerpt on one line, each match between `open` and `close` (runs of white space,
    /// line breaks included, become one space).
    public func marked(open: String, close: String) -> String {
        var line: [UInt8] = []
        line.reserveCapacity(runs.reduce(0) { $0 + $1.text.utf8.count } + 8 * (open.utf8.count + close.utf8.count))
        var spaceDue = false
        func append(_ text: String) {
            for scalar in text.unicodeScalars {
                if Self.isWhitespace(scalar) {
                    spaceDue = !line.isEmpty
                    continue
                }
                if spaceDue { line.append(0x20) }
                spaceDue = false
                if scalar.isASCII { line.append(UInt8(scalar.value)) } else { line += scalar.utf8 }
            }
        }
        for run in runs {
            if run.isMatch { append(open) }
            append(run.text)
            if run.isMatch { append(close) }
        }
        return String(decoding: line, as: UTF8.self)
    }

    private static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII ? scalar == " " || (0x09...0x0d).contains(scalar.value) : scalar.properties.isWhitespace
    }

    /// The words of the excerpt that matched, in order.
    public var matches: [String] { runs.filter(\.isMatch).map(\.text) }
}
