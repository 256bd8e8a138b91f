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
        let sync = environment.sync
        let credentials = try await sync.credentials.load()
        let pending = try await environment.store.pendingChanges()
        let state = try await sync.state.load()
        var lines: [String] = []
        lines.append("server: " + (credentials?.server.absoluteString ?? "not logged in (run 'quill login')"))
        lines.append("pending local changes: \(pending.count)")
        for id in pending.prefix(10) {
            if let note = try await environment.store.note(id: id) {
                lines.append("  \(id.short)  \(note.isDeleted ? "(deleted) " : "")\(note.title)")
            }
        }
        if pending.count > 10 { lines.append("  … and \(pending.count - 10) more") }
        lines.append("last successful sync: " + (state.lastSuccessfulSync.map { Timestamp($0).description } ?? "never"))
        environment.console.write(lines.joined(separator: "\n") + "\n")
    }
}
