import ArgumentParser

/// A `quill` subcommand: parsed by ArgumentParser, then run against the environment the
/// app's chosen composition root built.
public protocol QuillCommand: ParsableCommand {
    var global: GlobalOptions { get }
    func run(in environment: CLIEnvironment) async throws
}

/// Options every subcommand accepts.
public struct GlobalOptions: ParsableArguments, Sendable {
    @Flag(help: "Run against a sample in-memory store; nothing is read from or written to the data directory.")
    public var preview = false

    public init() {}
}

extension QuillCommand {
    /// Runs the command and reports any failure as the user reads it (`CLIFailure.from`):
    /// what the app does, and so what the command tests check.
    public func runReportingFailures(in environment: CLIEnvironment) async throws(CLIFailure) {
        do { try await run(in: environment) } catch { throw CLIFailure.from(error) }
    }
}
