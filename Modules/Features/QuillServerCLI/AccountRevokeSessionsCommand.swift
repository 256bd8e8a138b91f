import ArgumentParser
import QuillModels

/// `quill-server account revoke-sessions NAME`
public struct AccountRevokeSessionsCommand: QuillServerCommand {
    public static let configuration = CommandConfiguration(
        commandName: "revoke-sessions",
        abstract: "Sign an account out of the web reader everywhere (revoking a token also ends the sessions opened with it).")

    @Argument(help: "The account's name.") var name: String
    @OptionGroup var storage: StorageOptions

    public init() {}

    public var options: ServerOptions { storage.options }

    public func run(in environment: ServerCLIEnvironment) async throws {
        let count = try await environment.server.administer { [name] in try await $0.revokeWebSessions(ofAccountNamed: name) }
        environment.console.writeError("ended \(Counted.text(count, "web session")) of account '\(name)'\n")
    }
}
