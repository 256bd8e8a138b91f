import ArgumentParser
import QuillModels
import SettingsInterface

/// `quill history prune [--keep all|N|SPAN] [--dry-run | --yes]`
///
/// Applies `history.keep` to every note: drops the oldest revisions it does not keep, never a
/// current one. Nothing is pruned on its own; this command is the only way revisions go (besides
/// emptying the trash), and the store logs each run in `prune.log`.
public struct HistoryPruneCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "prune", abstract: "Remove the revisions 'history.keep' does not keep, from every note on this device.",
        discussion: "history.keep is 'all' (the default: nothing is pruned), a number of revisions per note (100), or a span (90d, 26w, 1y: what each note was at every moment since). The server keeps its own history.")

    @OptionGroup public var global: GlobalOptions
    @Option(help: "What to keep (default: the 'history.keep' setting, else all).") var keep: String?
    @Flag(help: "Only count what would be removed.") var dryRun = false
    @Flag(help: "Confirm: this cannot be undone.") var yes = false

    public init() {}

    public func validate() throws {
        guard yes || dryRun else { throw ValidationError("pruning history cannot be undone: add --yes (or see first with --dry-run)") }
    }

    public func run(in environment: CLIEnvironment) async throws {
        let effective = try await SettingsResolver(environment: environment.settings)
            .resolve([.historyKeep], flags: [SettingKey.historyKeep: keep].compactMapValues { $0 })
        let retention = effective.historyKeep
        let setting = "history.keep \(retention), \(effective.sources[.historyKeep]?.description ?? "default")"
        guard retention != .all else {
            return environment.console.write("Nothing to prune: every revision is kept (\(setting)); set it with 'quill config set history.keep 90d' or pass --keep\n")
        }
        let pruned = try await environment.notes.pruneHistory(retention, dryRun: dryRun)
        let verb = dryRun ? "Would remove" : "Removed"
        environment.console.write("\(verb) \(Counted.text(pruned.revisions, "revision")) of \(Counted.text(pruned.notes, "note")) (\(setting))\n")
    }
}
