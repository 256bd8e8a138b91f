import ArgumentParser
import QuillModels

/// The `quill` command line: its name, its help and its subcommands.
public struct Quill: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "quill",
        abstract: "Keep notes in your terminal.",
        discussion: """
            Notes live in $QUILL_HOME, else $XDG_DATA_HOME/quill, else ~/.local/share/quill.
            Settings ('quill config') live in $XDG_CONFIG_HOME/quill, else ~/.config/quill.
            Wherever a command takes an ID, a unique prefix of it will do.
            Exit status: 0 success, 1 failure, 2 usage error, 3 note not found.
            """,
        version: QuillVersion.current,
        subcommands: [AddCommand.self, ListCommand.self, ShowCommand.self, EditCommand.self,
                      RemoveCommand.self, SearchCommand.self, LinksCommand.self, BacklinksCommand.self,
                      AttachCommand.self, AttachmentsCommand.self, AttachmentCommand.self, DetachCommand.self, GCCommand.self,
                      HistoryCommand.self, DiffCommand.self, RestoreCommand.self, TrashCommand.self,
                      ExportCommand.self, ImportCommand.self, VerifyCommand.self,
                      LoginCommand.self, LogoutCommand.self, SyncCommand.self, StatusCommand.self, RepairCommand.self, ShareCommand.self,
                      PublishCommand.self, UnpublishCommand.self,
                      ConfigCommand.self, MCPCommand.self]
    )

    @OptionGroup public var global: GlobalOptions

    public init() {}
}
