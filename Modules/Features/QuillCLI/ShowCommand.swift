import ArgumentParser

/// `quill show ID [--json] [--dates utc|local] [--color WHEN]`
public struct ShowCommand: QuillCommand {
    public static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a note.")

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The note's ID or a unique prefix of it.") var id: String
    @Flag(help: "Print the note as JSON (see docs/cli.md).") var json = false
    @OptionGroup var display: DisplayOptions

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        let note = try await environment.notes.note(id)
        environment.console.write(json ? try NoteOutput.json(note) : NoteOutput.details(note, style: try await display.style(in: environment)))
    }
}
