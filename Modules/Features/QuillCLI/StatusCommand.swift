import ArgumentParser
import Foundation
import QuillModels

/// `quill status`
public struct StatusCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "status", abstract: "Show the sync server, pending local changes and the last successful sync.")

    @OptionGroup public var global: GlobalOptions

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        let status = try await environment.sync.status(listing: 10)
        var lines: [String] = []
        lines.append("server: " + (status.server?.absoluteString ?? "not logged in (run 'quill login')"))
        lines.append("pending local changes: \(status.pendingCount)")
        for note in status.pendingNotes {
            lines.append("  \(note.id.short)  \(note.isDeleted ? "(deleted) " : "")\(note.title)")
        }
        if status.pendingCount > 10 { lines.append("  … and \(status.pendingCount - 10) more") }
        lines.append("last successful sync: " + (status.lastSuccessfulSync.map { Timestamp($0).description } ?? "never"))
        lines.append("watcher: " + (status.watcher.map { "running (process \($0.processID), since \(Timestamp($0.started)))" }
            ?? "not running ('quill sync --watch' starts one)"))
        environment.console.write(lines.joined(separator: "\n") + "\n")
    }
}
