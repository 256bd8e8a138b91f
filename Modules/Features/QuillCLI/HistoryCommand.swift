import ArgumentParser
import QuillModels

/// `quill history ID [--json] [--dates utc|local] [--color WHEN]`
public struct HistoryCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "history", abstract: "List every revision of a note, newest first.",
        discussion: "See a revision with 'quill show ID --revision N', compare with 'quill diff', go back with 'quill restore'.")

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The note's ID or a unique prefix of it (deleted notes too).") var id: String
    @Flag(help: "Print JSON (see docs/cli.md).") var json = false
    @OptionGroup var display: DisplayOptions

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        let revisions = try await environment.notes.history(id)
        if json { return environment.console.write(try RevisionOutput.json(revisions)) }
        let style = try await display.style(in: environment)
        environment.console.write(revisions.indices.map { index in
            RevisionOutput.line(revisions[index], older: index + 1 < revisions.count ? revisions[index + 1] : nil, style: style)
        }.joined())
    }
}
