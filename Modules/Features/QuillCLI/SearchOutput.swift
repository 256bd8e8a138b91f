import QuillModels
import SearchIndexInterface

/// How search results are printed: each note's list line, then its snippet indented, the
/// matches marked in bold reverse video on a terminal and as `**word**` otherwise; in JSON, the
/// list fields plus `snippet` (marked as plain text is) and `snippetParts` (its runs, which a
/// body's own `**` cannot be mistaken in), documented in docs/cli.md.
enum SearchOutput {
    static let terminalMarkers = ("\u{1B}[1;7m", "\u{1B}[0m")
    static let plainMarkers = ("**", "**")

    static func lines(_ hit: SearchHit, style: NoteStyle, open: String, close: String) -> String {
        let snippet = hit.snippet.marked(open: open, close: close)
        return NoteOutput.line(hit.summary, style: style) + (snippet.isEmpty ? "" : "    " + snippet + "\n")
    }

    static func json(_ hits: [SearchHit]) -> String {
        SummaryListJSON.write(hits.map(\.summary), snippets: hits.map(\.snippet), markers: plainMarkers)
    }
}
