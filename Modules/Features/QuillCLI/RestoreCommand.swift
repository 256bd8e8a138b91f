import ArgumentParser
import QuillModels

/// `quill restore ID [--revision N]`
public struct RestoreCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "restore", abstract: "Bring back a deleted note, or an earlier revision of a note.",
        discussion: "A restore is a new revision: it syncs like an edit, and can itself be undone the same way.")

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The note's ID or a unique prefix of it (deleted notes too).") var id: String
    @Option(help: "The revision to go back to (see 'quill history'); without it, a deleted note comes back.") var revision: Int?

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        let (note, changed) = try await environment.notes.restore(id, revision: revision)
        let what = revision.map { "revision \($0)" } ?? "from the trash"
        if !changed {
            environment.console.write("unchanged \(note.id.short)  \(note.title)  (already the same as \(what))\n")
        } else {
            environment.console.write("restored \(note.id.short)  \(note.title)  \(what), now revision \(note.revision)\n")
        }
    }
}
