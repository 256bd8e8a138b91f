import ArgumentParser
import NotesFeature
import QuillModels

/// `quill history [list] ID` and `quill history prune`.
public struct HistoryCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "history", abstract: "List every revision of a note, or prune the oldest revisions of all notes.",
        discussion: "See a revision with 'quill show ID --revision N', compare with 'quill diff', go back with 'quill restore'.",
        subcommands: [HistoryListCommand.self, HistoryPruneCommand.self], defaultSubcommand: HistoryListCommand.self)

    public init() {}
}

/// `quill history [list] ID [--server] [--json] [--dates utc|local] [--color WHEN]`
public struct HistoryListCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List every revision of a note, newest first.")

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The note's ID or a unique prefix of it (deleted notes too).") var id: String
    @Flag(help: "The server's history of the note: every revision any device sent it (needs 'quill login').") var server = false
    @Flag(help: "Print JSON (see docs/cli.md).") var json = false
    @OptionGroup var display: DisplayOptions

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        let revisions = server ? try await serverHistory(in: environment) : try await environment.notes.history(id)
        if json { return environment.console.write(try RevisionOutput.json(revisions)) }
        let style = try await display.style(in: environment)
        environment.console.write(zip(revisions, RevisionComparison.summaries(revisions)).map { revision, change in
            RevisionOutput.line(revision, change: change, style: style)
        }.joined())
    }

    private func serverHistory(in environment: CLIEnvironment) async throws -> [NoteRevision] {
        let noteID = try await environment.notes.resolve(id, includingDeleted: true)
        let revisions = try await environment.sync.serverHistory(of: noteID)
        guard !revisions.isEmpty else { throw NoteServiceError.notFound(id + " on the server (not synced yet?)") }
        return revisions
    }
}
