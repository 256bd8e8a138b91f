import Foundation
import Logging
import QuillServerCLI
import TerminalInterface

/// The server a `quill-server` command's options name, over the production or preview root:
/// each command resolves the settings, installs the logging, builds the root's environment
/// when it needs the store (never for `backup` and `restore`) and closes it at the end.
struct ServerCommandLine: ServerServing, AccountAdministering, StoreCopying {
    let configuration: ServerConfiguration
    /// The production or preview root, over the resolved settings.
    let build: @Sendable (ServerConfiguration, Logger) throws -> ServerEnvironment

    /// The `ServerCLIEnvironment` of a root: settings from the options, then `variables`, then defaults.
    static func environment(
        processEnvironment variables: [String: String], homeDirectory: String, console: any Console,
        build: @escaping @Sendable (ServerConfiguration, Logger) throws -> ServerEnvironment
    ) -> ServerCLIEnvironment {
        ServerCLIEnvironment(configure: { options in
            let configuration: ServerConfiguration
            do {
                configuration = try ServerConfiguration.resolve(options, environment: variables, homeDirectory: homeDirectory)
            } catch let invalid as ServerConfiguration.Invalid {
                throw InvalidServerSetting(description: invalid.description)
            }
            let server = ServerCommandLine(configuration: configuration, build: build)
            return ConfiguredServer(serving: server, accounts: server, copies: server)
        }, console: console)
    }

    func serve() async throws {
        try await withLogging { logger in
            let environment = try build(configuration, logger)
            for line in environment.banner { logger.notice("\(line)") }
            try await ServerRunner.serve(environment, configuration: configuration, logger: logger, onServerRunning: { [configuration] port in
                logger.notice("listening on http://\(configuration.host):\(port)")
            })
            logger.notice("stopped")
        }
    }

    func administer<Value: Sendable>(_ task: @escaping @Sendable (AccountAdministration) async throws -> Value) async throws -> Value {
        try await withLogging { logger in try await ServerRunner.administer(try build(configuration, logger), task) }
    }

    func backup(to path: String) throws -> Int64 {
        try refusalsAsFailures { try ServerMaintenance.backup(configuration, to: path) }
    }

    func restore(from path: String) throws -> Int64 {
        try refusalsAsFailures { try ServerMaintenance.restore(configuration, from: path) }
    }

    private func refusalsAsFailures(_ body: () throws -> Int64) throws -> Int64 {
        do { return try body() } catch let refusal as ServerMaintenance.Refusal { throw ServerCommandFailure(description: refusal.description) }
    }

    /// Runs `body` with the process's logging installed, then writes out every buffered line.
    private func withLogging<Value>(_ body: (Logger) async throws -> Value) async throws -> Value {
        let (logger, writer) = ServerLogging.bootstrap(level: configuration.logLevel, format: configuration.logFormat)
        defer { writer.shutdown() }
        return try await body(logger)
    }
}
