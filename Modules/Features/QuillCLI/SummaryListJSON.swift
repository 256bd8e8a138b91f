import QuillModels

/// `list --json` and `search --json`: an array of notes' list fields (plus each search result's
/// snippet, marked and as its runs), written byte for byte as `NoteOutput.encode` writes any other output (pretty,
/// keys sorted, `JSONText`'s escaping), but directly. A search that finds thousands of notes
/// spent a quarter of its time in `JSONEncoder`; `SummaryListJSONTests` holds the two to the
/// same bytes. The shape is documented in docs/cli.md.
enum SummaryListJSON {
    /// The summaries, each followed by its snippet if `snippets` is given (one per summary):
    /// `snippet`, the line with each match between `markers`, and `snippetParts`, its runs.
    static func write(_ summaries: [NoteSummary], snippets: [SearchSnippet]? = nil, markers: (open: String, close: String) = ("", "")) -> String {
        guard !summaries.isEmpty else { return "[\n\n]\n" }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(summaries.count * (snippets == nil ? 200 : 400))
        bytes.append(contentsOf: "[\n".utf8)
        for (position, summary) in summaries.enumerated() {
            bytes.append(contentsOf: "  {\n".utf8)
            field("created", Timestamp(summary.created).description, to: &bytes)
            field("id", summary.id.rawValue, to: &bytes)
            bytes.append(contentsOf: "    \"revision\" : \(summary.revision),\n".utf8)
            if let snippets { snippet(snippets[position], markers: markers, to: &bytes) }
            bytes.append(contentsOf: "    \"tags\" : [\n".utf8)
            if summary.tags.isEmpty { bytes.append(UInt8(ascii: "\n")) }
            for (index, tag) in summary.tags.enumerated() {
                bytes.append(contentsOf: "      ".utf8)
                JSONText.appendString(tag.rawValue, to: &bytes)
                bytes.append(contentsOf: (index == summary.tags.count - 1 ? "\n" : ",\n").utf8)
            }
            bytes.append(contentsOf: "    ],\n".utf8)
            field("title", summary.title, to: &bytes)
            field("updated", Timestamp(summary.updated).description, to: &bytes, last: true)
            bytes.append(contentsOf: (position == summaries.count - 1 ? "  }\n" : "  },\n").utf8)
        }
        bytes.append(contentsOf: "]\n".utf8)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func snippet(_ snippet: SearchSnippet, markers: (open: String, close: String), to bytes: inout [UInt8]) {
        let runs = snippet.lineRuns
        field("snippet", SearchSnippet.marked(runs, open: markers.open, close: markers.close), to: &bytes)
        bytes.append(contentsOf: "    \"snippetParts\" : [\n".utf8)
        if runs.isEmpty { bytes.append(UInt8(ascii: "\n")) }
        for (index, run) in runs.enumerated() {
            bytes.append(contentsOf: "      {\n        \"match\" : \(run.isMatch),\n        \"text\" : ".utf8)
            JSONText.appendString(run.text, to: &bytes)
            bytes.append(contentsOf: (index == runs.count - 1 ? "\n      }\n" : "\n      },\n").utf8)
        }
        bytes.append(contentsOf: "    ],\n".utf8)
    }

    private static func field(_ key: String, _ value: String, to bytes: inout [UInt8], last: Bool = false) {
        bytes.append(contentsOf: "    \"\(key)\" : ".utf8)
        JSONText.appendString(value, to: &bytes)
        bytes.append(contentsOf: (last ? "\n" : ",\n").utf8)
    }
}
