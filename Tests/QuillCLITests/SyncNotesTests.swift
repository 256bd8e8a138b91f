@testable import QuillCLI
import StandardTesting
import SyncFeature
import Testing

/// What `quill sync` says beyond its counts about attachments that did not move.
@Suite("Sync notes")
struct SyncNotesTests {
    @Test func attachmentsTheServerHasNoRoomForAreToldApartFromThoseThatMayMoveNextTime() {
        var report = SyncReport(pushed: 1)
        report.attachmentsWaiting = 3
        report.attachmentsWaitingForServerSpace = 2
        let console = RecordingConsole()
        SyncCommand.notes(report, to: console)
        #expect(console.errors.contains("note: the sync server's disk is full: 2 attachments wait here until its administrator frees space on it"))
        #expect(console.errors.contains("note: 1 attachment could not be moved yet"))
    }

    @Test func oneAttachmentWaitsAndSeveralWait() {
        var one = SyncReport(pushed: 1)
        one.attachmentsWaiting = 1
        one.attachmentsWaitingForServerSpace = 1
        let console = RecordingConsole()
        SyncCommand.notes(one, to: console)
        #expect(console.errors.contains("note: the sync server's disk is full: 1 attachment waits here until its administrator frees space on it; the next sync sends it then"))
        var unsupported = SyncReport(pushed: 1)
        unsupported.attachmentsUnsupported = true
        unsupported.attachmentsWaiting = 1
        let older = RecordingConsole()
        SyncCommand.notes(unsupported, to: older)
        #expect(older.errors.contains("note: the server keeps no attachments (upgrade quill-server); 1 attachment waits here until it does"))
        unsupported.attachmentsWaiting = 4
        let several = RecordingConsole()
        SyncCommand.notes(unsupported, to: several)
        #expect(several.errors.contains("(upgrade quill-server); 4 attachments wait here until it does"))
    }
}
