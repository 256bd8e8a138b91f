import QuillServerCLI
import Testing

/// Parses a command line exactly as the app does, lets the test's root build the environment
/// its options name, and runs it there.
func run(_ arguments: [String], in root: (ServerOptions) throws -> ServerCLIEnvironment) async throws {
    let parsed = try QuillServer.parseAsRoot(arguments)
    let command = try #require(parsed as? any QuillServerCommand, "\(arguments) did not parse to a runnable command")
    try await command.run(in: root(command.options))
}
