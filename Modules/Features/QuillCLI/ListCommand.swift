import ArgumentParser
import NoteStoreInterface
import QuillModels
import SettingsInterface

/// `quill list [-t|--tag T] [-n|--limit N|all] [--json] [--dates utc|local] [--color WHEN]`
public struct ListCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List notes, newest first.")

    @OptionGroup public var global: GlobalOptions
    @Option(name: [.short, .long], help: "Only notes with this tag.") var tag: String?
    @Option(name: [.customShort("n"), .long], help: "At most this many notes, or 'all' (default: the 'list.limit' setting, else all).")
    var limit: String?
    @Flag(help: "Print JSON (see docs/cli.md).") var json = false
    @OptionGroup var display: DisplayOptions

    public init() {}

    public func validate() throws {
        if let limit, ListLimit(limit) == nil { throw ValidationError("--limit must be 'all' or zero or more") }
    }

    public func run(in environment: CLIEnvironment) async throws {
        let resolver = SettingsResolver(environment: environment.settings)
        let effective = try await resolver.resolve([.listLimit], flags: [SettingKey.listLimit: limit].compactMapValues { $0 })
        let query = NoteQuery(tag: try tag.map { try Tag($0) }, limit: effective.listLimit.count)
        let listing = try await environment.notes.list(query)
        NoteOutput.warnings(listing, to: environment)
        if json { return environment.console.write(NoteOutput.json(listing)) }
        let style = try await display.style(in: environment)
        environment.console.write(listing.notes.map { NoteOutput.line($0, style: style) }.joined())
        if listing.notes.isEmpty, query.limit != 0 {
            environment.console.writeError(query.tag.map { "no notes tagged \($0)\n" } ?? "no notes yet: add one with 'quill add TITLE'\n")
        }
    }
}
