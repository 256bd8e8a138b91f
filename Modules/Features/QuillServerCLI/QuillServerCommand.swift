import ArgumentParser

/// A `quill-server` subcommand: parsed by ArgumentParser, then run against the environment
/// the app's chosen composition root built.
public protocol QuillServerCommand: ParsableCommand {
    /// What the command line says about the server: the root resolves it (with the
    /// environment variables and defaults) when the command asks for its server.
    var options: ServerOptions { get }
    func run(in environment: ServerCLIEnvironment) async throws
}

/// Where the data is: shared by every subcommand that opens the store.
public struct StorageOptions: ParsableArguments, Sendable {
    @Option(name: .customLong(ServerSetting.database.flag), help: ServerSetting.database.help) var database: String?
    @Option(name: .customLong(ServerSetting.dataDirectory.flag), help: ServerSetting.dataDirectory.help) var dataDirectory: String?

    public init() {}

    /// The options of a command that only opens the store.
    var options: ServerOptions { ServerOptions(database: database, dataDirectory: dataDirectory) }
}
