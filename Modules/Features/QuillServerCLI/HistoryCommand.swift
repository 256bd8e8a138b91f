import ArgumentParser
import QuillModels

/// `quill-server history`: the group of history subcommands.
public struct HistoryCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "history", abstract: "Maintain the notes' histories.", subcommands: [HistoryPruneCommand.self])

    public init() {}
}

/// `quill-server history prune [--keep all|N|SPAN] [--dry-run | --yes]`
///
/// The server keeps every revision until this runs; it drops only each note's oldest revisions,
/// never a current one, in one transaction, and logs what it removed.
public struct HistoryPruneCommand: QuillServerCommand {
    public static let configuration = CommandConfiguration(
        commandName: "prune",
        abstract: "Remove, from every account's notes, the revisions the retention does not keep (default: keep all).",
        discussion: "What to keep: --keep, else QUILL_SERVER_HISTORY_KEEP, else all. A number keeps that many revisions of each note; a span (90d, 26w, 1y) keeps what each note was at every moment since.")

    @Option(name: .customLong(ServerSetting.historyKeep.flag), help: ServerSetting.historyKeep.help) var keep: String?
    @Flag(help: "Only count what would be removed.") var dryRun = false
    @Flag(help: "Confirm: this cannot be undone.") var yes = false
    @OptionGroup var storage: StorageOptions

    public init() {}

    public var options: ServerOptions {
        var options = storage.options
        options.historyKeep = keep
        return options
    }

    public func validate() throws {
        guard yes || dryRun else {
            throw ValidationError("pruning history cannot be undone: add --yes (or see first with --dry-run; take a backup first: quill-server backup PATH)")
        }
    }

    public func run(in environment: ServerCLIEnvironment) async throws {
        let (retention, pruned) = try await environment.server.pruneHistory(dryRun: dryRun)
        guard retention != .all else {
            return environment.console.writeError("nothing to prune: every revision is kept (pass --keep or set QUILL_SERVER_HISTORY_KEEP)\n")
        }
        let verb = dryRun ? "would remove" : "removed"
        environment.console.writeError("\(verb) \(Counted.text(pruned.revisions, "revision")) of \(Counted.text(pruned.notes, "note")) (keep \(retention))\n")
    }
}
