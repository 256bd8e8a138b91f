import ArgumentParser
import Foundation
import QuillAPI
import QuillModels
import SyncFeature
import SyncStateInterface

/// `quill login URL [--token TOKEN | --read-only]` (or `--server URL`)
public struct LoginCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "login", abstract: "Sign in to a sync server: in the browser, or with a token.",
        discussion: """
            Without --token, quill prints a short code and the server's /device page: open it, sign in there and \
            approve, and quill receives a token of its own (docs/signin.md). With --token, that token is saved \
            instead; the server is asked first whether it accepts it, unless --no-verify is given.

            The credentials are kept in $XDG_CONFIG_HOME/quill (else ~/.config/quill), readable only by you. \
            QUILL_SERVER and QUILL_TOKEN, when set, override them.
            """)

    @OptionGroup public var global: GlobalOptions
    @Argument(help: "The server's base URL, e.g. https://notes.example.com.") var url: String?
    @Option(help: "The server's base URL, as the argument gives it.") var server: String?
    @Option(help: "Your access token; without it, sign in through the browser.") var token: String?
    @Flag(help: "Ask for read-only access when signing in through the browser.") var readOnly = false
    @Flag(help: "Save the token without asking the server first.") var noVerify = false

    public init() {}

    /// The server named by the argument or by --server (`validate` holds that it is one of them).
    var serverText: String { url ?? server ?? "" }

    public func validate() throws {
        switch (url, server) {
        case (nil, nil): throw ValidationError("name the server: quill login https://notes.example.com")
        case (let url?, let server?) where url != server: throw ValidationError("the server is named twice (\(url) and --server \(server)): name it once")
        default: break
        }
        guard ServerAddress.url(parsing: serverText) != nil else {
            throw ValidationError("the server must be an http:// or https:// URL with a host, e.g. https://notes.example.com")
        }
        if let token, token.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            throw ValidationError("--token must not be empty")
        }
        if token == nil, noVerify { throw ValidationError("--no-verify goes with --token: a browser sign-in always asks the server") }
        if token != nil, readOnly { throw ValidationError("--read-only is for signing in through the browser; a token's scope is its own") }
    }

    public func run(in environment: CLIEnvironment) async throws {
        guard let url = ServerAddress.url(parsing: serverText) else { throw CLIFailure("invalid server URL", status: .usage) }
        guard let token else { return try await signInThroughBrowser(url, environment) }
        let credentials = Credentials(server: url, token: token.trimmingCharacters(in: .whitespacesAndNewlines))
        try await environment.sync.login(credentials, verify: !noVerify)
        environment.console.write("logged in to \(url.absoluteString)\n")
    }

    private func signInThroughBrowser(_ url: URL, _ environment: CLIEnvironment) async throws {
        let console = environment.console
        let granted: DeviceTokenBody
        do {
            granted = try await environment.sync.deviceLogin(server: url, scope: readOnly ? "read-only" : "full") { code in
                console.write("""
                    To sign in, open \(code.verificationUri) and enter the code
                        \(code.userCode)
                    (or open \(code.verificationUriComplete))
                    Waiting for approval; the code expires in \(code.expiresIn / 60) minutes.

                    """)
            }
        } catch let failure as DeviceLoginFailure {
            throw CLIFailure(failure.description, status: .failure)
        }
        let scope = granted.scope == "full" ? "read-write" : "read-only"
        let until = granted.expires.map { ", until " + String($0.description.prefix(10)) } ?? ""
        console.write("Signed in to \(url.absoluteString) as \(granted.account) (\(scope)\(until)).\n")
    }
}
