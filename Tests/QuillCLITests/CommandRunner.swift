import QuillCLI
import Testing

/// Parses a command line exactly as the app does and runs it against a test environment,
/// reporting failures as the app does.
func run(_ arguments: [String], in environment: CLIEnvironment) async throws {
    let parsed = try Quill.parseAsRoot(arguments)
    let command = try #require(parsed as? any QuillCommand, "\(arguments) did not parse to a runnable command")
    try await command.runReportingFailures(in: environment)
}
