import ArgumentParser
import QuillModels

/// The `quill-server` command line: its name, its help and its subcommands. With no
/// subcommand it serves.
public struct QuillServer: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "quill-server",
        abstract: "The Quill sync server.",
        discussion: """
            Settings: flags, then the environment variables \(ServerSetting.variables), then defaults \
            ('quill-server serve --help' lists each). \(ServerExitStatus.summary)
            """,
        version: QuillVersion.current,
        subcommands: [ServeCommand.self, AccountCommand.self, BackupCommand.self, RestoreCommand.self, HistoryCommand.self, AttachmentsCommand.self],
        defaultSubcommand: ServeCommand.self)

    public init() {}
}
