import ArgumentParser

/// `quill search TEXT [-n|--limit N] [--json] [--dates utc|local] [--color WHEN]`
public struct SearchCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "search", abstract: "Find notes whose title or body contains TEXT (ignoring case).")

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The text to look for.") var text: String
    @Option(name: [.customShort("n"), .long], help: "At most this many notes.") var limit: Int?
    @Flag(help: "Print JSON (see docs/cli.md).") var json = false
    @OptionGroup var display: DisplayOptions

    public init() {}

    public func validate() throws {
        if text.isEmpty { throw ValidationError("the search text is empty") }
        if let limit, limit < 0 { throw ValidationError("--limit must be zero or more") }
    }

    public func run(in environment: CLIEnvironment) async throws {
        let listing = try await environment.notes.search(text, limit: limit)
        NoteOutput.warnings(listing, to: environment)
        if json { return environment.console.write(try NoteOutput.json(listing)) }
        let style = try await display.style(in: environment)
        environment.console.write(listing.notes.map { NoteOutput.line($0, style: style) }.joined())
    }
}
