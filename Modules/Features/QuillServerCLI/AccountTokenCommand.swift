import ArgumentParser
import Foundation
import QuillModels
import ServerStoreInterface

/// `quill-server account token NAME [--read-only] [--label TEXT] [--expires WHEN]`
public struct AccountTokenCommand: QuillServerCommand {
    public static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Issue one more token for an account (one per machine or integration) and print it (shown only this once).")

    @Argument(help: "The account's name.") var name: String
    @Flag(help: "The token can read, search and export, and is refused (403) every write.") var readOnly = false
    @Option(help: "A name to tell the token apart in 'account tokens' (1 to 100 characters).") var label: String?
    @Option(help: ArgumentHelp("When the token stops working: a date (2027-03-01, valid through that day, UTC), a time (2027-03-01T12:00:00Z), or a span from now (12h, 30d, 8w).",
                               valueName: "when"))
    var expires: String?
    @OptionGroup var storage: StorageOptions

    public init() {}

    public var options: ServerOptions { storage.options }

    /// A `--expires` that is not a time is refused before the store is opened (its syntax does
    /// not depend on when it is read; `run` reads it against the registration's clock).
    public func validate() throws {
        if let expires, TimeArgument.parse(expires, now: Date(timeIntervalSince1970: 0), spans: .fromNow) == nil {
            throw Self.invalidExpiry(expires)
        }
    }

    static func invalidExpiry(_ expires: String) -> ValidationError {
        ValidationError("--expires: '\(expires)' is not a date (2027-03-01), a time (2027-03-01T12:00:00Z) or a span (30d)")
    }

    public func run(in environment: ServerCLIEnvironment) async throws {
        let scope: TokenScope = readOnly ? .readOnly : .full
        let token = try await environment.server.administer { [name, label, expires] administration in
            let registration = administration.registration
            var expiry: Date?
            if let expires {
                guard let date = TimeArgument.parse(expires, now: registration.now(), spans: .fromNow) else {
                    throw Self.invalidExpiry(expires)
                }
                expiry = date
            }
            return try await registration.issueToken(forAccountNamed: name, scope: scope, label: label, expires: expiry)
        }
        let kind = readOnly ? "new read-only token" : "new token"
        environment.console.writeError("\(kind) for account '\(name)' follows, shown only this once:\n")
        environment.console.write("\(token)\n")
    }
}
