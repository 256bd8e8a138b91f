import ArgumentParser

/// `quill-server account token NAME`
public struct AccountTokenCommand: QuillServerCommand {
    public static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Issue one more token for an account (one per machine, say) and print it (shown only this once).")

    @Argument(help: "The account's name.") var name: String
    @OptionGroup var storage: StorageOptions

    public init() {}

    public var options: ServerOptions { storage.options }

    public func run(in environment: ServerCLIEnvironment) async throws {
        let token = try await environment.server(options).administer { [name] in try await $0.registration.issueToken(forAccountNamed: name) }
        environment.console.writeError("new token for account '\(name)' follows, shown only this once:\n")
        environment.console.write("\(token)\n")
    }
}
