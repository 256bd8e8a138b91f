import ArgumentParser
import QuillModels

/// The `quill-server` command line: its name, its help and its subcommands. With no
/// subcommand it serves.
public struct QuillServer: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "quill-server",
        abstract: "The Quill sync server.",
        discussion: "Settings: flags, then QUILL_SERVER_HOST, QUILL_SERVER_PORT, QUILL_SERVER_DATABASE, QUILL_SERVER_LOG_LEVEL, QUILL_SERVER_LOG_FORMAT, QUILL_SERVER_DATA and QUILL_SERVER_HISTORY_KEEP, then defaults.",
        version: QuillVersion.current,
        subcommands: [ServeCommand.self, AccountCommand.self, BackupCommand.self, RestoreCommand.self, HistoryCommand.self, AttachmentsCommand.self],
        defaultSubcommand: ServeCommand.self)

    public init() {}
}
