import StandardInterfaces

/// Everything a `quill-server` command needs from outside: the server its options name (settings
/// resolved, nothing opened yet), and the console it reports on.
///
/// A composition root builds one from the parsed command's options (the command line's,
/// `ServerRoots.commandLine`, or a test's) before the command runs, so a setting that cannot be
/// used stops the process before any command starts; the commands never know which root built it.
public struct ServerCLIEnvironment: Sendable {
    /// The server the command's options name; opened when a command uses it.
    public let server: any ConfiguredServer
    /// Where tokens (standard output) and what was done (standard error) are written; wrapped in
    /// `TerminalSafeConsole` whatever a root passes.
    public let console: any Console

    public init(server: any ConfiguredServer, console: any Console) {
        self.server = server
        self.console = TerminalSafeConsole(base: console)
    }
}
