import ArgumentParser
import ServerFeature

/// `quill-server account tokens NAME [--json]`
public struct AccountTokensCommand: QuillServerCommand {
    public static let configuration = CommandConfiguration(
        commandName: "tokens",
        abstract: "List an account's tokens (ID, scope, label, created, last use and where from, expiry; never the secret), then its web sessions.",
        discussion: "--json prints the tokens alone, as before, each with its lastAddress.")

    @Argument(help: "The account's name.") var name: String
    @Flag(help: "One JSON array of objects instead of a table.") var json = false
    @OptionGroup var storage: StorageOptions

    public init() {}

    public var options: ServerOptions { storage.options }

    public func run(in environment: ServerCLIEnvironment) async throws {
        let (tokens, sessions, now) = try await environment.server.administer { [name] administration in
            (try await administration.registration.tokens(ofAccountNamed: name), try await administration.webSessions(ofAccountNamed: name),
             administration.registration.now())
        }
        if json { return environment.console.write(try TokenListing.json(tokens, now: now)) }
        environment.console.write(TokenListing.table(tokens, now: now))
        if !sessions.isEmpty { environment.console.write("\nweb sessions:\n" + TokenListing.table(sessions)) }
    }
}
