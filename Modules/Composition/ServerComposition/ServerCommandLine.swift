import Foundation
import Logging
import QuillModels
import QuillServerCLI
import ServerFeature
import StandardInterfaces

/// The server a `quill-server` command's options name: each command installs the logging,
/// builds the server its configuration names (`ServerRoots.server(_:logger:)`) when it needs
/// the store (never for `backup` and `restore`), and closes it at the end.
struct ServerCommandLine: ConfiguredServer {
    let configuration: ServerConfiguration

    func serve() async throws {
        try await withLogging { logger in
            let environment = try ServerRoots.server(configuration, logger: logger)
            for line in environment.banner { logger.notice("\(line)") }
            try await ServerRunner.serve(environment, configuration: configuration, logger: logger, onServerRunning: { [configuration] port in
                logger.notice("listening on http://\(configuration.host):\(port)")
            })
            logger.notice("stopped")
        }
    }

    func administer<Value: Sendable>(_ task: @escaping @Sendable (AccountAdministration) async throws -> Value) async throws -> Value {
        try await withLogging { logger in try await ServerRunner.administer(try ServerRoots.server(configuration, logger: logger),
                                                                                 issuer: configuration.oidcIssuer, task) }
    }

    func pruneHistory(dryRun: Bool) async throws -> (retention: HistoryRetention, pruned: PrunedHistory) {
        guard configuration.historyKeep != .all else { return (.all, PrunedHistory()) }
        return try await withLogging { logger in
            let environment = try ServerRoots.server(configuration, logger: logger)
            let pruned = try await ServerRunner.pruneHistory(environment, keeping: configuration.historyKeep, dryRun: dryRun)
            if !dryRun {
                logger.notice("pruned history", metadata: ["keep": "\(configuration.historyKeep)", "notes": "\(pruned.notes)",
                                                         "revisions": "\(pruned.revisions)"])
            }
            return (configuration.historyKeep, pruned)
        }
    }

    func collectAttachments(dryRun: Bool) async throws -> CollectedAttachments {
        try await withLogging { logger in
            let collected = try await ServerRunner.collectAttachments(try ServerRoots.server(configuration, logger: logger), dryRun: dryRun)
            if !dryRun {
                logger.notice("collected attachments", metadata: ["attachments": "\(collected.attachments)", "bytes": "\(collected.bytes)",
                                                                 "skipped_accounts": "\(collected.skippedAccounts)",
                                                                 "leftovers": "\(collected.leftovers)"])
            }
            return collected
        }
    }

    func backup(to path: String) throws -> Int64 {
        try ServerMaintenance.backup(configuration, to: path)
    }

    func restore(from path: String) throws -> Int64 {
        try ServerMaintenance.restore(configuration, from: path)
    }

    /// Runs `body` with the process's logging installed, then writes out every buffered line.
    private func withLogging<Value>(_ body: (Logger) async throws -> Value) async throws -> Value {
        let (logger, writer) = ServerLogging.bootstrap(level: configuration.logLevel, format: configuration.logFormat)
        defer { writer.shutdown() }
        return try await body(logger)
    }
}
