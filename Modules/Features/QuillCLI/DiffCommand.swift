import ArgumentParser
import NotesFeature
import QuillModels

/// `quill diff ID [N [M]] [--color WHEN]`
public struct DiffCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "diff", abstract: "Show what changed between two revisions of a note.",
        discussion: "With no revision, the previous one against the current one; with one, that one against the current one.")

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The note's ID or a unique prefix of it (deleted notes too).") var id: String
    @Argument(help: "The older revision (default: the previous one).") var from: Int?
    @Argument(help: "The newer revision (default: the current one).") var to: Int?
    @OptionGroup var display: DisplayOptions

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        let revisions = try await environment.notes.history(id)
        func pick(_ number: Int?, otherwise fallback: NoteRevision) throws -> NoteRevision {
            guard let number else { return fallback }
            guard let found = revisions.first(where: { $0.number == number }) else {
                throw NoteServiceError.noSuchRevision(id, revision: String(number))
            }
            return found
        }
        let newer = try pick(to, otherwise: revisions[0])
        let older = try pick(from, otherwise: revisions.count > 1 ? revisions[1] : revisions[0])
        let diff = RevisionComparison.diff(from: older, to: newer)
        environment.console.write(RevisionOutput.diff(diff, style: try await display.style(in: environment)))
    }
}
