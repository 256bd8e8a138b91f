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
}
