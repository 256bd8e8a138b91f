import ArgumentParser
import Foundation
import QuillModels
import SyncFeature

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
        if status.server != nil { lines.append("signed in: " + (await signedIn(environment))) }
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

    /// This device's token as the server lists it: account-free, since the server knows the token,
    /// not its owner's name here. The server's silence is said, not fatal: status works offline.
    private func signedIn(_ environment: CLIEnvironment) async -> String {
        do {
            guard let mine = try await environment.sync.devices().first(where: \.current) else { return "the server does not list this token" }
            let scope = mine.scope == "full" ? "read-write" : "read-only"
            let until = mine.expires.map { "until \($0)" } ?? "no expiry"
            return "token \(mine.id)\(mine.label.map { " (\($0))" } ?? ""), \(scope), \(until)"
        } catch {
            return "unknown (the server could not be asked: \(error))"
        }
    }
}
