import Foundation
import ArgumentParser
import NotesFeature
import QuillModels
import SettingsInterface

/// `quill edit ID [--title T] [--body B | --file PATH] [-t|--tag T] [--untag T]`
///
/// With no field flags on a terminal, opens the note in the editor (`--editor`, `$QUILL_EDITOR`,
/// the `editor` setting, `$VISUAL`, `$EDITOR`, `vi`, first found): the first line is the
/// title, the rest (after one blank line) the body.
public struct EditCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a note's title, body or tags.",
        discussion: "With no field options on a terminal, the note opens in the editor (see 'quill config').")

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The note's ID or a unique prefix of it.") var id: String
    @Option(help: "The new title.") var title: String?
    @Option(help: "The new body.") var body: String?
    @Option(help: "Read the new body from this file.") var file: String?
    @Option(name: [.customShort("t"), .customLong("tag")], help: "Add a tag; repeat for several.") var addTags: [String] = []
    @Option(name: .customLong("untag"), help: "Remove a tag; repeat for several.") var removeTags: [String] = []
    @Option(help: "The editor to open (default: the 'editor' setting, else $VISUAL, else $EDITOR, else vi).") var editor: String?

    public init() {}

    public func validate() throws {
        if body != nil && file != nil { throw ValidationError("pass either --body or --file, not both") }
    }

    public func run(in environment: CLIEnvironment) async throws {
        var changes = NoteChanges(title: title, body: body, addTags: addTags, removeTags: removeTags)
        if let file { changes.body = try TextInput.text(fromFile: file, in: environment) }
        if changes.isEmpty {
            guard environment.console.isStandardInputTerminal else { throw CLIFailure.from(NoteServiceError.nothingToChange) }
            changes = try await editInEditor(in: environment)
        }
        let note = try await environment.notes.edit(id, changes: changes)
        environment.console.write("updated \(note.id.short)  \(note.title)  (revision \(note.revision))\n")
    }

    private func editInEditor(in environment: CLIEnvironment) async throws -> NoteChanges {
        let note = try await environment.notes.note(id)
        let effective = try await SettingsResolver(environment: environment.settings)
            .resolve([.editor], flags: [SettingKey.editor: editor].compactMapValues { $0 })
        let edited = try await environment.editor.edit(EditorText.render(note), fileExtension: "md", command: effective.editor)
        return try EditorText.parse(edited)
    }
}

/// The text a note is edited as in `$EDITOR`: title, a blank line, the body.
enum EditorText {
    static func render(_ note: Note) -> String {
        note.title + "\n\n" + note.body
    }

    static func parse(_ text: String) throws -> NoteChanges {
        let lines = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
        let title = lines.first.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
        guard !title.isEmpty else { throw CLIFailure("the edited note has no title on its first line; nothing was changed") }
        var body = lines.count > 1 ? String(lines[1]) : ""
        if body.hasPrefix("\n") { body.removeFirst() }
        return NoteChanges(title: title, body: body)
    }
}
