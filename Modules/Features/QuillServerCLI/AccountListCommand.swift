import ArgumentParser
import ServerFeature

/// `quill-server account list [--json]`
public struct AccountListCommand: QuillServerCommand {
    public static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List the accounts: name, created, notes, tokens and last use of a token (recorded to the minute).")

    @Flag(help: "One JSON array of objects instead of a table.") var json = false
    @OptionGroup var storage: StorageOptions

    public init() {}

    public var options: ServerOptions { storage.options }

    public func run(in environment: ServerCLIEnvironment) async throws {
        let summaries = try await environment.server.administer { try await $0.registration.list() }
        environment.console.write(json ? try AccountListing.json(summaries) : AccountListing.table(summaries))
    }
}
