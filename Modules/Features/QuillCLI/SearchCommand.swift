import ArgumentParser
import NotesFeature

/// `quill search QUERY [-n|--limit N] [--json] [--dates utc|local] [--color WHEN]`, and
/// `quill search --rebuild-index [QUERY]`
public struct SearchCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Find notes by words, \"phrases\", tag:NAME and prefix*, best matches first.",
        discussion: """
            Every term must match: a word matches whole words of the title or body (milk does not \
            find "milkshake"; milk* does), a "quoted phrase" matches those words in a row, tag:NAME \
            matches the tag. Case and diacritics are ignored (cafe finds "Café"). Titles weigh more than bodies.
            """)

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "What to look for.") var query: String?
    @Option(name: [.customShort("n"), .long], help: "At most this many notes.") var limit: Int?
    @Flag(help: "Print JSON (see docs/cli.md).") var json = false
    @OptionGroup var display: DisplayOptions
    @Flag(help: "Rebuild the search index from the notes first (it is kept up to date by itself; this is for repairs).")
    var rebuildIndex = false

    public init() {}

    public func validate() throws {
        if query == nil, !rebuildIndex { throw ValidationError("give a search, such as: quill search milk") }
        if let query, query.allSatisfy(\.isWhitespace) { throw ValidationError("the search text is empty") }
        if let limit, limit < 0 { throw ValidationError("--limit must be zero or more") }
    }

    public func run(in environment: CLIEnvironment) async throws {
        let search = environment.search
        let progress = SearchProgressLine(console: environment.console, clock: environment.clock)
        if rebuildIndex {
            let count = try await search.rebuild(progress: progress.update)
            progress.finish()
            environment.console.writeError("indexed \(count) notes\n")
        }
        guard let query else { return }
        let hits = try await search.search(query, limit: limit, progress: progress.update)
        progress.finish()
        if json {
            environment.console.write(SearchOutput.json(hits))
        } else {
            let style = try await display.style(in: environment)
            let (open, close) = style.colored ? SearchOutput.terminalMarkers : SearchOutput.plainMarkers
            environment.console.write(hits.map { SearchOutput.lines($0, style: style, open: open, close: close) }.joined())
            // On standard error, as other summaries: a pipe still reads nothing.
            if hits.isEmpty, limit != 0 { environment.console.writeError("no notes match \(query)\n") }
        }
    }
}
