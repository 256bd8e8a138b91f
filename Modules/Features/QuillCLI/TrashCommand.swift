import ArgumentParser
import QuillModels

/// `quill trash [--json] [--dates utc|local] [--color WHEN]`
public struct TrashCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "trash", abstract: "List deleted notes, most recently deleted first.",
        discussion: "Bring one back with 'quill restore ID'.")

    @OptionGroup public var global: GlobalOptions
    @Flag(help: "Print JSON (see docs/cli.md).") var json = false
    @OptionGroup var display: DisplayOptions

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        let deleted = try await environment.notes.trash()
        if json { return environment.console.write(try RevisionOutput.json(trash: deleted)) }
        let style = try await display.style(in: environment)
        environment.console.write(deleted.map { revision in
            style.id(revision.note.id.short) + "  " + style.minutes(revision.note.updated) + "  "
                + revision.origin.label.padding(toLength: max(12, revision.origin.label.count), withPad: " ", startingAt: 0)
                + "  " + revision.note.title + "\n"
        }.joined())
    }
}
