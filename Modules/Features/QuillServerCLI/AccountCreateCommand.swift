import ArgumentParser

/// `quill-server account create NAME`
public struct AccountCreateCommand: QuillServerCommand {
    public static let configuration = CommandConfiguration(
        commandName: "create", abstract: "Create an account and print its bearer token (shown only this once).")

    @Argument(help: "The account's name: letters, digits, '.', '-' or '_'.") var name: String
    @OptionGroup var storage: StorageOptions

    public init() {}

    public var options: ServerOptions { storage.options }

    public func run(in environment: ServerCLIEnvironment) async throws {
        let created = try await environment.server.administer { [name] in try await $0.registration.register(name: name) }
        environment.console.writeError("created account '\(created.account.name)'; its token follows, shown only this once:\n")
        environment.console.write("\(created.token)\n")
    }
}
