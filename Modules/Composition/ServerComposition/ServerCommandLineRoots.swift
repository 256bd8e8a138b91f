import POSIXTerminal
import QuillServerCLI

extension ServerRoots {
    /// What the `quill-server` commands run against: the settings resolved once from the
    /// command's options, then `processEnvironment`'s variables, then the defaults, naming the
    /// server (SQLite, PostgreSQL, or `--preview`'s memory); and the process's standard streams.
    public static func commandLine(processEnvironment: [String: String], homeDirectory: String) -> ServerCLIEnvironment {
        ServerCLIEnvironment(configure: { options in
            ServerCommandLine(configuration: try ServerConfiguration.resolve(options, environment: processEnvironment,
                                                                             homeDirectory: homeDirectory))
        }, console: StandardConsole())
    }
}
