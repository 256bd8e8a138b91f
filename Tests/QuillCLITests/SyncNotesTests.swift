@testable import QuillCLI
import StandardTesting
import SyncFeature
import Testing

/// What `quill sync` says beyond its counts about attachments that did not move.
@Suite("Sync notes")
struct SyncNotesTests {
    /// What `SyncCommand.notes` writes for `report`.
    func notes(_ report: SyncReport) -> String {
        let console = RecordingConsole()
        SyncCommand.notes(report, to: console)
        return console.errors
    }

    @Test func attachmentsTheServerHasNoRoomForAreToldApartFromThoseThatMayMoveNextTime() {
        var report = SyncReport(pushed: 1)
        report.attachmentsWaiting = 3
        report.attachmentsWaitingForServerSpace = 2
        let written = notes(report)
        #expect(written.contains("note: the sync server's disk is full: 2 attachments wait here until its administrator frees space on it"))
        #expect(written.contains("note: 1 attachment could not be moved yet"))
    }

    @Test func oneAttachmentWaitsAndSeveralWait() {
        var one = SyncReport(pushed: 1)
        one.attachmentsWaiting = 1
        one.attachmentsWaitingForServerSpace = 1
        #expect(notes(one).contains("note: the sync server's disk is full: 1 attachment waits here until its administrator frees space on it; the next sync sends it then"))
        var unsupported = SyncReport(pushed: 1)
        unsupported.attachmentsUnsupported = true
        unsupported.attachmentsWaiting = 1
        #expect(notes(unsupported).contains("note: the server keeps no attachments (upgrade quill-server); 1 attachment waits here until it does"))
        unsupported.attachmentsWaiting = 4
        #expect(notes(unsupported).contains("(upgrade quill-server); 4 attachments wait here until it does"))
    }
}
