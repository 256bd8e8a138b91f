import ArgumentParser
import Foundation
import QuillModels
import StandardInterfaces
import SyncFeature
import SyncTransportInterface

/// `quill sync`
public struct SyncCommand: QuillCommand {
    public static let configuration = CommandConfiguration(
        commandName: "sync", abstract: "Pull the server's changes, push yours, and report what happened.",
        discussion: """
            A note changed both here and on the server keeps your version; the server's version is kept as a new note \
            titled "<title> (conflict from server <date>)". An edit always wins over a delete. Failed requests are \
            retried; a sync that is interrupted resumes where it stopped.

            With --watch it keeps running: it syncs whenever a note changes here or on the server, rides out a server \
            that restarts or a network that drops, and stops on Ctrl-C or SIGTERM.
            """)

    @OptionGroup public var global: GlobalOptions
    @Flag(help: "Keep running, syncing each change made here or on the server as it happens, until Ctrl-C or SIGTERM.")
    var watch = false

    public init() {}

    public func run(in environment: CLIEnvironment) async throws {
        if watch { return try await SyncWatchOutput.run(in: environment) }
        let progress = SyncProgressLine(console: environment.console, clock: environment.clock)
        let report: SyncReport
        do {
            defer { progress.finish() }
            report = try await environment.sync.sync(progress: progress.show)
        }
        environment.console.write(Self.line(report) + "\n")
        Self.notes(report, to: environment.console)
    }

    /// What a sync did, on one line.
    static func line(_ report: SyncReport) -> String {
        var line = "pulled \(report.pulled), pushed \(report.pushed), conflicts \(report.conflicts)"
        if report.merged > 0 { line += ", merged \(report.merged)" }
        if report.attachmentsSent + report.attachmentsFetched > 0 {
            line += "; attachments sent \(report.attachmentsSent), fetched \(report.attachmentsFetched)"
        }
        return line
    }

    /// What a person should know beyond the counts: attachments that wait or were refused, conflicts.
    static func notes(_ report: SyncReport, to console: any Console) {
        if let previous = report.startedAfreshFrom { console.writeError(startedAfresh(from: previous) + "\n") }
        for damaged in report.damagedNotes { console.writeError(note(damaged) + "\n") }
        if report.attachmentsUnsupported {
            let waiting = report.attachmentsWaiting
            console.writeError("note: the server keeps no attachments (upgrade quill-server); \(Counted.text(waiting, "attachment")) "
                               + "\(Counted.word("waits", "wait", count: waiting)) here until it does\n")
        } else {
            for refusal in report.attachmentsRefused { console.writeError(Self.note(refusal) + "\n") }
            let forSpace = report.attachmentsWaitingForServerSpace
            if forSpace > 0 {
                console.writeError("note: the sync server's disk is full: \(Counted.text(forSpace, "attachment")) "
                                   + "\(Counted.word("waits", "wait", count: forSpace)) here until its "
                                   + "administrator frees space on it; the next sync sends \(Counted.word("it", "them", count: forSpace)) then\n")
            }
            let waiting = report.attachmentsWaiting - report.attachmentsRefused.count - forSpace
            if waiting > 0 {
                console.writeError("note: \(Counted.text(waiting, "attachment")) could not be moved yet (not on the server, or the network failed); the next sync tries again\n")
            }
        }
        if report.conflicts > 0 {
            console.writeError(
                "note: conflicting versions were kept; look for notes titled '(conflict from server …)'\n")
        }
    }

    /// What a sync says when the home had synced with another server: its state was forgotten.
    static func startedAfresh(from previous: URL) -> String {
        "note: this home last synced with \(previous.absoluteString), another server than this sync's; this sync began from the start "
            + "(the notes here stay; every home of this user shares one login, and QUILL_SERVER overrides it: 'quill status' shows the server)"
    }

    /// What `quill sync` says of a note of this home it found damaged and set aside.
    static func note(_ damaged: DamagedNote) -> String {
        "note: " + RepairCommand.line(damaged)
    }

    /// What `quill sync` says of an attachment the server refused: what the server said, and
    /// what changes it. The attachment stays here and is offered again by every sync.
    static func note(_ refusal: AttachmentRefusal) -> String {
        switch refusal {
        case .tooLarge(let answer):
            "note: the server refused an attachment: \(answer); it stays on this device (the server's --max-attachment-size or QUILL_SERVER_MAX_ATTACHMENT_SIZE raises the limit; the next sync sends it then)"
        case .overQuota(let answer):
            "note: the server refused an attachment: \(answer); it stays on this device (free room on the server: quill-server attachments gc, or raise --attachment-quota)"
        case .readOnlyToken:
            "note: the server refused an attachment: this device's token is read-only; sign in with a token that can write (quill login) to send it"
        }
    }
}
