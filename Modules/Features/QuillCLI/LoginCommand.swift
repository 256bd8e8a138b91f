import ArgumentParser
import Foundation
import SyncFeature
import SyncStateInterface

/// `quill login --server URL --token TOKEN`
public struct LoginCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Save the sync server's address and your token.",
        discussion: """
            The credentials are kept in $XDG_CONFIG_HOME/quill (else ~/.config/quill), readable only by you.
            QUILL_SERVER and QUILL_TOKEN, when set, override them. The server is asked first whether
            it accepts the token, unless --no-verify is given.
            """)

    @OptionGroup public var global: GlobalOptions
    @Option(help: "The server's base URL, e.g. https://notes.example.com.") var server: String
    @Option(help: "Your access token.") var token: String
    @Flag(help: "Save without asking the server first.") var noVerify = false

    public init() {}

    public func validate() throws {
        guard Self.serverURL(server) != nil else {
            throw ValidationError("--server must be an http:// or https:// URL with a host, e.g. https://notes.example.com")
        }
        guard !token.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw ValidationError("--token must not be empty")
        }
    }

    static func serverURL(_ text: String) -> URL? {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else { return nil }
        return url
    }

    public func run(in environment: CLIEnvironment) async throws {
        guard let url = Self.serverURL(server) else { throw CLIFailure("invalid server URL", status: .usage) }
        let credentials = Credentials(server: url, token: token.trimmingCharacters(in: .whitespacesAndNewlines))
        try await environment.sync.login(credentials, verify: !noVerify)
        environment.console.write("logged in to \(url.absoluteString)\n")
    }
}
