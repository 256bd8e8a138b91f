import ArgumentParser
import NoteStoreInterface
import QuillModels

/// `quill list [-t|--tag T] [-n|--limit N] [--json]`
public struct ListCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List notes, newest first.")

    @OptionGroup public var global: GlobalOptions
    @Option(name: [.short, .long], help: "Only notes with this tag.") var tag: String?
    @Option(name: [.customShort("n"), .long], help: "At most this many notes.") var limit: Int?
    @Flag(help: "Print JSON (see docs/cli.md).") var json = false

    public init() {}

    public func validate() throws {
        if let limit, limit < 0 { throw ValidationError("--limit must be zero or more") }
    }

    public func run(in environment: CLIEnvironment) async throws {
        let query = NoteQuery(tag: try tag.map { try Tag($0) }, limit: limit)
        let listing = try await environment.notes.list(query)
        NoteOutput.warnings(listing, to: environment)
        environment.console.write(json ? try NoteOutput.json(listing) : listing.notes.map(NoteOutput.line).joined())
    }
}
