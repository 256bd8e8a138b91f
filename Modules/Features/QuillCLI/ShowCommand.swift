import ArgumentParser
import QuillModels

/// `quill show ID [--revision N | --at TIME] [--json] [--dates utc|local] [--color WHEN]`
public struct ShowCommand: QuillCommand {
    public static let configuration = CommandConfiguration(commandName: "show", abstract: "Show a note.")

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The note's ID or a unique prefix of it.") var id: String
    @Option(help: "Show the note as it was at this revision (see 'quill history').") var revision: Int?
    @Option(help: "Show the note as it was at this time: 2026-11-26T18:40:00Z, a day (2026-11-26), or a span ago (2h, 3d).")
    var at: String?
    @Flag(help: "Print the note as JSON (see docs/cli.md).") var json = false
    @OptionGroup var display: DisplayOptions

    public init() {}

    public func validate() throws {
        if revision != nil && at != nil { throw ValidationError("pass either --revision or --at, not both") }
        if let revision, revision < 1 { throw ValidationError("--revision must be 1 or more") }
    }

    public func run(in environment: CLIEnvironment) async throws {
        let note: Note
        if let revision {
            note = try await environment.notes.revision(id, number: revision).note
        } else if let at {
            guard let date = TimeArgument.parse(at, now: environment.clock.now()) else {
                throw ValidationError("--at takes a time like 2026-11-26T18:40:00Z, a day like 2026-11-26, or a span ago like 2h")
            }
            note = try await environment.notes.revision(id, at: date).note
        } else {
            note = try await environment.notes.note(id)
        }
        environment.console.write(json ? try NoteOutput.json(note) : NoteOutput.details(note, style: try await display.style(in: environment)))
    }
}
