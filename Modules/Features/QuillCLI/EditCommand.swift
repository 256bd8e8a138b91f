import Foundation
import ArgumentParser
import NotesFeature
import QuillModels
import SearchIndexInterface
import SettingsInterface

/// `quill edit ID [--title T] [--body B | --file PATH] [-t|--tag T] [--untag T]`
///
/// With no field flags on a terminal, opens the note in the editor (`--editor`, `$QUILL_EDITOR`,
/// the `editor` setting, `$VISUAL`, `$EDITOR`, `vi`, first found): the first line is the
/// title, the rest (after one blank line) the body.
public struct EditCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "edit", abstract: "Change a note's title, body or tags.",
        discussion: """
            With no field options on a terminal, the note opens in the editor (see 'quill config'). A change of the note \
            written while the editor is open (by 'quill sync --watch', say) is merged with what the editor saves; if both \
            changed the same lines, the edit is kept as a note of its own, '<title> (edited meanwhile)'.
            """)

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The note's ID or a unique prefix of it.") var id: String
    @Option(help: "The new title.") var title: String?
    @Option(help: "The new body.") var body: String?
    @Option(help: "Read the new body from this file.") var file: String?
    @Option(name: [.customShort("t"), .customLong("tag")], help: "Add a tag; repeat for several.") var addTags: [String] = []
    @Option(name: .customLong("untag"), help: "Remove a tag; repeat for several.") var removeTags: [String] = []
    @Option(help: "The editor to open (default: the 'editor' setting, else $VISUAL, else $EDITOR, else vi).") var editor: String?
    @Flag(help: """
        When the title changes, rewrite the links that reach the note by its old title (each linking note gets a new \
        revision) instead of keeping the old title as an alias of the note.
        """)
    var rewriteLinks = false

    public init() {}

    public func validate() throws {
        if body != nil && file != nil { throw ValidationError("pass either --body or --file, not both") }
    }

    public func run(in environment: CLIEnvironment) async throws {
        var changes = NoteChanges(title: title, body: body, addTags: addTags, removeTags: removeTags)
        if let file { changes.body = try TextInput.text(fromFile: file, in: environment) }
        guard changes.isEmpty else {
            let (renaming, kept) = try await keepingLinks(changes, in: environment)
            let note = try await environment.notes.edit(id, changes: kept)
            environment.console.write(Self.updated(note) + "\n")
            try await renaming?.finish(in: environment)
            return
        }
        guard environment.console.isStandardInputTerminal else { throw CLIFailure.from(NoteServiceError.nothingToChange) }
        // The note as the editor was given it: the edit is made to that revision. A refused edit
        // (too large, no title) is kept where the editor saved it (`EditedTextKept`).
        let original = try await environment.notes.note(id)
        let (renaming, outcome) = try await editor(original, in: environment) { edited in
            let (renaming, kept) = try await keepingLinks(try EditorText.parse(edited), in: environment)
            return (renaming, try await environment.notes.edit(original, changes: kept))
        }
        switch outcome {
        case .edited(let note):
            environment.console.write(Self.updated(note) + "\n")
        case .merged(let note, let meanwhile):
            environment.console.write(Self.updated(note) + ", "
                + "merged with revision \(meanwhile), which came while the editor was open\n")
        case .restored(let note):
            environment.console.write(Self.updated(note) + ": "
                + "it was deleted while the editor was open, and the edit brings it back\n")
        case .keptApart(let copy, let current):
            throw CLIFailure("the note changed on the same lines while the editor was open (now revision \(current.revision)); "
                + "your edit is kept as a note of its own: \(copy.id.short)  \(copy.title)",
                hint: "compare them ('quill diff \(current.id.short)', 'quill show \(copy.id.short)'), merge by hand, then remove the copy")
        }
        try await renaming?.finish(in: environment)
    }

    /// The changes with the links to the note kept when they rename it (only a new title can
    /// break links: other edits read nothing more), and what keeps them.
    private func keepingLinks(_ changes: NoteChanges, in environment: CLIEnvironment) async throws -> (LinkKeeping?, NoteChanges) {
        var changes = changes
        let renaming = changes.title == nil ? nil
            : try await LinkKeeping(changes: changes, note: try await environment.notes.note(id), rewriting: rewriteLinks, in: environment)
        if let body = renaming?.body { changes.body = body }
        return (renaming, changes)
    }

    /// The line that names the note an edit wrote.
    private static func updated(_ note: Note) -> String {
        "updated \(note.id.short)  \(note.title)  (revision \(note.revision))"
    }

    /// Opens the note in the editor and hands what the person saved to `accept`.
    private func editor<Accepted: Sendable>(_ note: Note, in environment: CLIEnvironment,
                                            accept: (String) async throws -> Accepted) async throws -> Accepted {
        let effective = try await SettingsResolver(environment: environment.settings)
            .resolve([.editor], flags: [SettingKey.editor: editor].compactMapValues { $0 })
        return try await environment.editor.edit(EditorText.render(note), fileExtension: "md", command: effective.editor, accept: accept)
    }
}

/// What a change of title does to the links that reach the note by its old title: by default the
/// old title becomes an alias of the note (in the same revision), so they keep reaching it; with
/// `--rewrite-links` the linking notes are rewritten to name the new title, each as a revision
/// of its own. Either way the command says how many links it kept.
struct LinkKeeping {
    let oldTitle: String
    let newTitle: String
    let reaching: [ResolvedLink]
    let rewriting: Bool
    /// The renamed note's new body: the alias added, or its own links rewritten.
    let body: String?

    /// `nil` when the title does not change or no link reaches the note by it.
    init?(changes: NoteChanges, note: Note, rewriting: Bool, in environment: CLIEnvironment) async throws {
        guard let newTitle = changes.title, LinkName.folded(newTitle) != LinkName.folded(note.title) else { return nil }
        let progress = SearchProgressLine(console: environment.console, clock: environment.clock)
        let reaching: [ResolvedLink]
        do {
            reaching = try await environment.links.reachingByTitle(note, progress: progress.update)
            progress.finish()
        } catch let error as SearchIndexError where !rewriting {
            progress.finish()
            environment.console.writeError("quill: warning: links to the old title were not kept: \(error)\n")
            return nil
        }
        guard !reaching.isEmpty else { return nil }
        if rewriting, !LinkRetargeting.canWrite(newTitle) {
            throw CLIFailure("the new title holds a character a [[link]] cannot (# ^ | [ ]), so links cannot be rewritten to it; "
                + "nothing was changed. Without --rewrite-links the old title is kept as an alias instead.")
        }
        oldTitle = note.title
        self.newTitle = newTitle
        self.reaching = reaching
        self.rewriting = rewriting
        let current = changes.body ?? note.body
        if rewriting {
            let own = LinkRetargeting.retargeted(current, from: LinkName.folded(note.title), to: newTitle)
            body = own.count > 0 ? own.text : nil
        } else {
            body = NoteAliases.adding(note.title, to: current)
        }
    }

    /// Rewrites the other linking notes (with `--rewrite-links`) and says what was kept.
    func finish(in environment: CLIEnvironment) async throws {
        let count = reaching.count
        let links = Counted.text(count, "link")
        guard rewriting else {
            let (reach, them) = count == 1 ? ("reaches", "it") : ("reach", "them")
            return environment.console.write("kept \"\(oldTitle)\" as an alias, so \(links) still \(reach) it (--rewrite-links rewrites \(them) instead)\n")
        }
        let renamed = reaching.first?.resolution.chosen?.id
        var notes = 0
        for source in Set(reaching.map(\.source)).sorted() where source != renamed {
            let note = try await environment.notes.note(source.rawValue)
            let rewritten = LinkRetargeting.retargeted(note.body, from: LinkName.folded(oldTitle), to: newTitle)
            guard rewritten.count > 0 else { continue }
            _ = try await environment.notes.edit(source.rawValue, changes: NoteChanges(body: rewritten.text))
            notes += 1
        }
        environment.console.write("rewrote \(links) to \"\(newTitle)\" in \(Counted.text(notes, "other note"))\n")
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
