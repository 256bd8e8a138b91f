import QuillServerCLI
import Testing

/// Parses a command line exactly as the app does and runs it against a test environment.
func run(_ arguments: [String], in environment: ServerCLIEnvironment) async throws {
    let parsed = try QuillServer.parseAsRoot(arguments)
    let command = try #require(parsed as? any QuillServerCommand, "\(arguments) did not parse to a runnable command")
    try await command.run(in: environment)
}
