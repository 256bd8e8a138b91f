import ArgumentParser

/// `quill-server account`: the group of account and token subcommands.
public struct AccountCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "account", abstract: "Manage accounts and their tokens.",
        subcommands: [AccountCreateCommand.self, AccountListCommand.self, AccountDeleteCommand.self, AccountTokenCommand.self, AccountTokensCommand.self,
                      AccountRevokeCommand.self, AccountRevokeSessionsCommand.self, AccountLinkCommand.self,
                      AccountUnlinkCommand.self])

    public init() {}
}
