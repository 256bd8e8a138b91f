import ArgumentParser

/// `quill-server account delete NAME --yes`
public struct AccountDeleteCommand: QuillServerCommand {
    public static let configuration = CommandConfiguration(
        commandName: "delete",
        abstract: "Delete an account with all its notes and tokens (running servers stop accepting its tokens within 30 s).")

    @Argument(help: "The account's name.") var name: String
    @Flag(help: "Confirm: the notes are deleted for good.") var yes = false
    @OptionGroup var storage: StorageOptions

    public init() {}

    public var options: ServerOptions { storage.options }

    public func validate() throws {
        guard yes else {
            throw ValidationError("deleting account '\(name)' deletes all its notes and tokens for good; add --yes to confirm "
                + "(take a backup first: quill-server backup PATH)")
        }
    }

    public func run(in environment: ServerCLIEnvironment) async throws {
        try await environment.server.administer { [name] in try await $0.registration.delete(name: name) }
        environment.console.writeError("deleted account '\(name)', its notes and its tokens\n")
    }
}
