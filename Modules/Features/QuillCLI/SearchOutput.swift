import Foundation
import QuillModels
import SearchIndexInterface

/// How search results are printed: each note's list line, then its snippet indented, the
/// matches marked in bold reverse video on a terminal and as `**word**` otherwise; in JSON, the
/// list fields plus `snippet` (documented in docs/cli.md).
enum SearchOutput {
    static let terminalMarkers = ("\u{1B}[1;7m", "\u{1B}[0m")
    static let plainMarkers = ("**", "**")

    static func lines(_ hit: SearchHit, style: NoteStyle, open: String, close: String) -> String {
        let snippet = hit.snippet.marked(open: open, close: close)
        return NoteOutput.line(hit.summary, style: style) + (snippet.isEmpty ? "" : "    " + snippet + "\n")
    }

    static func json(_ hits: [SearchHit]) throws -> String {
        let encoder = NoteJSON.encoder
        encoder.outputFormatting.insert(.prettyPrinted)
        return String(decoding: try encoder.encode(hits.map(SearchResultDocument.init)), as: UTF8.self) + "\n"
    }
}

/// The JSON shape of a result of `search --json`: a list entry and its marked snippet.
struct SearchResultDocument: Encodable {
    let id: NoteID
    let title: String
    let tags: [Tag]
    let created: Timestamp
    let updated: Timestamp
    let revision: Int
    let snippet: String

    init(_ hit: SearchHit) {
        let summary = SummaryDocument(hit.summary)
        id = summary.id
        title = summary.title
        tags = summary.tags
        created = summary.created
        updated = summary.updated
        revision = summary.revision
        snippet = hit.snippet.marked(open: SearchOutput.plainMarkers.0, close: SearchOutput.plainMarkers.1)
    }
}
