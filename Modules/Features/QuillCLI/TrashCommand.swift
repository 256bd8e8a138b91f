import ArgumentParser
import Foundation
import QuillModels

/// `quill trash [list] [--json]` and `quill trash empty [--older-than TIME] --yes`.
public struct TrashCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "trash", abstract: "List deleted notes, or remove them for good.",
        discussion: "Bring one back with 'quill restore ID'.",
        subcommands: [TrashListCommand.self, TrashEmptyCommand.self], defaultSubcommand: TrashListCommand.self)

    public init() {}
}

/// `quill trash [list] [--json] [--dates utc|local] [--color WHEN]`
public struct TrashListCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "list", abstract: "List deleted notes, most recently deleted first.")

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
                + RevisionOutput.padded(revision.origin.label, to: 12)
                + "  " + revision.note.title + "\n"
        }.joined())
        if deleted.isEmpty { environment.console.writeError("the trash is empty\n") }
    }
}

/// `quill trash empty [--older-than TIME] --yes`
///
/// A deletion this device has not yet sent to the server it syncs with is kept until it has
/// (else the other devices would never learn of it): run `quill sync` first.
public struct TrashEmptyCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "empty", abstract: "Remove deleted notes and their history from this device for good.",
        discussion: "The server keeps its own history of them.")

    @OptionGroup public var global: GlobalOptions
    @Option(help: "Only notes deleted before this: a span ago (30d, 2w) or a time (2026-11-01).") var olderThan: String?
    @Flag(help: "Confirm: this cannot be undone.") var yes = false

    public init() {}

    public func validate() throws {
        guard yes else { throw ValidationError("emptying the trash cannot be undone: add --yes") }
    }

    public func run(in environment: CLIEnvironment) async throws {
        var cutoff: Date?
        if let olderThan {
            guard let date = TimeArgument.parse(olderThan, now: environment.clock.now(), spans: .ago) else {
                throw ValidationError("--older-than takes a span like 30d or 2w, or a time like 2026-11-01")
            }
            cutoff = date
        }
        let unsent = try await environment.sync.unsentChanges()
        let (removed, kept) = try await environment.notes.emptyTrash(deletedBefore: cutoff, keep: unsent.contains)
        environment.console.write("removed \(Counted.text(removed.count, "deleted note")) for good\n")
        if !kept.isEmpty {
            environment.console.writeError("quill: kept \(kept.count) whose deletion is not on the server yet; run 'quill sync', then empty the trash again\n")
        }
    }
}
