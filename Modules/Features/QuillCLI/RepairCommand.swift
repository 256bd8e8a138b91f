import ArgumentParser
import NotesFeature
import QuillModels
import SyncFeature

/// `quill repair [ID...]`
public struct RepairCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "repair", abstract: "Set aside notes whose files cannot be read, and take the server's copy in their place.",
        discussion: """
            Reads every note (or the notes named) and moves each one whose file cannot be read (a disk \
            fault, a hand edit) out of the store, keeping the file in the home's damaged/ folder. When \
            logged in, the server's newest revision of the note takes its place; without a server, or \
            when the server has none, the note is no longer in this home. 'quill sync' does the same for \
            a damaged note it meets.
            """)

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "Notes' IDs or unique prefixes of them; every note when none is given.") var ids: [String] = []

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        var resolved: [NoteID] = []
        for id in ids {
            do { resolved.append(try await environment.notes.resolve(id, includingDeleted: true)) } catch NoteServiceError.notFound {
                // A damaged note the summary index no longer lists is found only by reading every file.
                throw CLIFailure("no note \(id) is listed", hint: "'quill repair' without IDs reads every note file, a damaged one that is not listed too",
                                 status: .notFound)
            }
        }
        let report = try await environment.sync.repair(resolved)
        for damaged in report.damaged { environment.console.write(Self.line(damaged) + "\n") }
        let count = report.damaged.count
        environment.console.write(count == 0
            ? "\(Counted.text(report.checked, "note")) read; none is damaged\n"
            : "\(Counted.text(report.checked, "note")) read; \(count) damaged, set aside\n")
    }

    /// What became of one damaged note.
    static func line(_ damaged: DamagedNote) -> String {
        let kept = "its file is kept at \(damaged.keptAt)"
        if let revision = damaged.restoredRevision {
            return "\(damaged.id.short)  could not be read; the server's revision \(revision) took its place; \(kept)"
        }
        let why = damaged.serverAsked ? "the server has no copy of it" : "no server was asked for a copy (not logged in)"
        return "\(damaged.id.short)  could not be read, and \(why): it is no longer in this home; \(kept)"
    }
}
