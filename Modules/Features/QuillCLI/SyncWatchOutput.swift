import Foundation
import QuillModels
import SyncFeature

/// `quill sync --watch`: runs the watch until a stop is requested, and tells what happens as
/// it happens: each sync that moved anything as `quill sync`'s line with its time (standard
/// output), an outage once when it begins and once when it ends (standard error).
enum SyncWatchOutput {
    static func run(in environment: CLIEnvironment) async throws {
        let console = environment.console, clock = environment.clock
        let report: @Sendable (WatchEvent) -> Void = { event in
            switch event {
            case .started(let server, let previous):
                if let previous { console.writeError(SyncCommand.startedAfresh(from: previous) + "\n") }
                console.writeError("quill: watching this home and \(server.absoluteString); Ctrl-C stops\n")
            case .synced(let result):
                console.write("\(Timestamp(clock.now())) \(SyncCommand.line(result))\n")
                SyncCommand.notes(result, to: console)
            case .polling(let interval):
                console.writeError("quill: the server sends no live changes (upgrade quill-server); pulling every \(interval.components.seconds) s\n")
            case .interrupted(let reason):
                console.writeError("quill: \(reason); trying again in the background\n")
            case .resumed:
                console.writeError("quill: connected to the server again\n")
            }
        }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask { try await environment.sync.watch(report: report) }
            group.addTask { await environment.stopRequests.stopRequested() }
            defer { group.cancelAll() }
            try await group.next()
        }
        console.writeError("quill: stopped watching\n")
    }
}
