import POSIXTerminal
import QuillServerCLI

extension ServerRoots {
    /// What the `quill-server` commands run against: the store the options (then the
    /// variables, then the defaults) name, and the process's standard streams.
    public static func production(processEnvironment: [String: String], homeDirectory: String) -> ServerCLIEnvironment {
        ServerCommandLine.environment(processEnvironment: processEnvironment, homeDirectory: homeDirectory, console: StandardConsole()) {
            configuration, logger in try production(configuration, logger: logger)
        }
    }

    /// `quill-server --preview`: the command runs against the memory-only sample server, seeded
    /// with the demo account; nothing is read or saved.
    public static func preview(processEnvironment: [String: String], homeDirectory: String) -> ServerCLIEnvironment {
        ServerCommandLine.environment(processEnvironment: processEnvironment, homeDirectory: homeDirectory, console: StandardConsole()) {
            configuration, _ in try preview(web: web(configuration))
        }
    }
}
