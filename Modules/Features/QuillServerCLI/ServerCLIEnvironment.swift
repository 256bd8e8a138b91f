import ArgumentParser
import TerminalInterface

/// Everything the `quill-server` commands need from outside: the server their options name,
/// and the console they report on.
///
/// A composition root builds one (the command line's, or a test's) and hands it to the command
/// the user typed; the commands never know which one they got.
public struct ServerCLIEnvironment: Sendable {
    /// Resolves a command's options (with the environment variables and defaults) into the
    /// server they name; throws `ServerCommandFailure.invalidSetting` for a setting that cannot
    /// be used. Opens nothing: the store is opened when a command uses the server.
    public var configure: @Sendable (ServerOptions) throws -> any ConfiguredServer
    /// Where tokens (standard output) and what was done (standard error) are written.
    public var console: any Console

    public init(configure: @escaping @Sendable (ServerOptions) throws -> any ConfiguredServer, console: any Console) {
        self.configure = configure
        self.console = console
    }

    /// The server `options` name; a setting that cannot be used is a usage error.
    func server(_ options: ServerOptions) throws -> any ConfiguredServer {
        do {
            return try configure(options)
        } catch let failure as ServerCommandFailure where failure.kind == .invalidSetting {
            throw ValidationError(failure.description)
        }
    }
}
