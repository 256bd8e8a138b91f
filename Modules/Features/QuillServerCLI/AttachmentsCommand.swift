import ArgumentParser
import QuillModels
import ServerFeature

/// `quill-server attachments`: the group of attachment subcommands.
public struct AttachmentsCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "attachments", abstract: "Maintain the accounts' attachments.", subcommands: [AttachmentsGCCommand.self])

    public init() {}
}

/// `quill-server attachments gc [--dry-run | --yes]`
///
/// The server keeps every attachment until this runs; it forgets, account by account, those no
/// note and no kept revision refers to (`AttachmentCollection`), and logs what it removed. A
/// sync sends a note before its attachments, so it may run while the server serves.
public struct AttachmentsGCCommand: QuillServerCommand {
    public static let configuration = CommandConfiguration(
        commandName: "gc",
        abstract: "Remove, from every account, the attachments no note and no kept revision refers to.",
        discussion: "Run it after `history prune`, which can leave attachments only old revisions referred to. An attachment a script uploads before it writes the note that refers to it may be collected in between: write the note first.")

    @Flag(help: "Only count what would be removed.") var dryRun = false
    @Flag(help: "Confirm: this cannot be undone.") var yes = false
    @OptionGroup var storage: StorageOptions

    public init() {}

    public var options: ServerOptions { storage.options }

    public func validate() throws {
        guard yes || dryRun else {
            throw ValidationError("collecting attachments cannot be undone: add --yes (or see first with --dry-run; take a backup first: quill-server backup PATH)")
        }
    }

    public func run(in environment: ServerCLIEnvironment) async throws {
        let collected = try await environment.server.collectAttachments(dryRun: dryRun)
        let verb = dryRun ? "would remove" : "removed"
        let count = collected.attachments
        environment.console.writeError("\(verb) \(Counted.text(count, "attachment")) (\(collected.bytes) bytes) that no note or kept revision refers to\n")
        if collected.leftovers > 0 {
            environment.console.writeError("\(verb) \(Counted.text(collected.leftovers, "leftover file")) of uploads a crash interrupted\n")
        }
        if collected.skippedAccounts > 0 {
            environment.console.writeError("left \(Counted.text(collected.skippedAccounts, "account")) alone: a note could not be read, or notes kept being written; run it again later\n")
        }
    }
}
