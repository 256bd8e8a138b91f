import ArgumentParser
import ServerFeature

/// `quill-server account tokens NAME [--json]`
public struct AccountTokensCommand: QuillServerCommand {
    public static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "List an account's tokens: ID, scope, label, created, last use and expiry (never the secret).")

    @Argument(help: "The account's name.") var name: String
    @Flag(help: "One JSON array of objects instead of a table.") var json = false
    @OptionGroup var storage: StorageOptions

    public init() {}

    public var options: ServerOptions { storage.options }

    public func run(in environment: ServerCLIEnvironment) async throws {
        let (tokens, now) = try await environment.server.administer { [name] administration in
            (try await administration.registration.tokens(ofAccountNamed: name), administration.registration.now())
        }
        environment.console.write(json ? try TokenListing.json(tokens, now: now) : TokenListing.table(tokens, now: now))
    }
}
