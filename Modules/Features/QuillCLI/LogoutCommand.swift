import ArgumentParser

/// `quill logout`
public struct LogoutCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "logout", abstract: "Forget the sync server and token.",
        discussion: "Local notes and their pending changes are kept; they are pushed after the next login.")

    @OptionGroup public var global: GlobalOptions

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        let wasLoggedIn = try await environment.sync.logout()
        environment.console.write(wasLoggedIn ? "logged out\n" : "not logged in; nothing to do\n")
    }
}
