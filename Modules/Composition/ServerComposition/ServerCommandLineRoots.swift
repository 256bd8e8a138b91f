import POSIXTerminal
import QuillServerCLI

extension ServerRoots {
    /// What a `quill-server` command runs against: the settings its `options` name, then
    /// `processEnvironment`'s variables, then the defaults, resolved once here into the server they
    /// name (SQLite, PostgreSQL, or `--preview`'s memory; nothing is opened yet), and the process's
    /// standard streams. A setting that cannot be used is a `ServerCommandFailure.invalidSetting`;
    /// a variable that looks like a setting and is none is warned of (`misspelledVariables`).
    public static func commandLine(options: ServerOptions, processEnvironment: [String: String],
                                   homeDirectory: String) throws -> ServerCLIEnvironment {
        let console = StandardConsole()
        for warning in ServerSetting.misspelledVariables(in: processEnvironment) { console.writeError("quill-server: warning: \(warning)\n") }
        let configuration = try ServerConfiguration.resolve(options, environment: processEnvironment, homeDirectory: homeDirectory)
        return ServerCLIEnvironment(server: ServerCommandLine(configuration: configuration), console: console)
    }
}
