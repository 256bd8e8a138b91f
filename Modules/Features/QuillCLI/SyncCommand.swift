import ArgumentParser
import Foundation
import SyncFeature
import SyncTransportInterface

/// `quill sync`
public struct SyncCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Pull the server's changes, push yours, and report what happened.",
        discussion: """
            A note changed both here and on the server keeps your version; the server's version is kept
            as a new note titled "<title> (conflict from server <date>)". An edit always wins over a delete.
            Failed requests are retried; a sync that is interrupted resumes where it stopped.
            """)

    @OptionGroup public var global: GlobalOptions

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        let sync = environment.sync
        guard let credentials = try await sync.credentials.load() else { throw SyncFailure.cli(SyncError.notLoggedIn) }
        let engine = SyncEngine(
            store: environment.store, transport: sync.makeTransport(credentials), state: sync.state,
            baseRevisions: sync.baseRevisions, clock: environment.clock, sleeper: sync.sleeper, random: sync.random)
        let progress = SyncProgressLine(console: environment.console, clock: environment.clock)
        let report = try await SyncFailure.reporting {
            defer { progress.finish() }
            return try await engine.sync(progress: progress.show)
        }
        environment.console.write("pulled \(report.pulled), pushed \(report.pushed), conflicts \(report.conflicts)\n")
        if report.conflicts > 0 {
            environment.console.writeError(
                "note: conflicting versions were kept; look for notes titled '(conflict from server …)'\n")
        }
    }
}
