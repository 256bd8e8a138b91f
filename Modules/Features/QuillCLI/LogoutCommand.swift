import ArgumentParser
import SyncFeature

/// `quill logout`
public struct LogoutCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Forget the sync server and token; revoke the token if the server issued it to this device.",
        discussion: "Local notes and their pending changes are kept; they are pushed after the next login.")

    @OptionGroup public var global: GlobalOptions

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        switch try await environment.sync.logout() {
        case .notLoggedIn: environment.console.write("not logged in; nothing to do\n")
        case .loggedOut: environment.console.write("logged out\n")
        case .loggedOutAndRevoked: environment.console.write("logged out; this device's token is revoked on the server\n")
        case .loggedOutButNotRevoked(let reason):
            environment.console.write("logged out\n")
            environment.console.writeError("quill: this device's token could not be revoked on the server (\(reason)); revoke it on the web reader's Devices page\n")
        }
    }
}
