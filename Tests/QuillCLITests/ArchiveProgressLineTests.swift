import ArchiveFeature
@testable import QuillCLI
import Testing

/// What the progress line of an export or import says.
@Suite("Archive progress line")
struct ArchiveProgressLineTests {
    @Test func itCountsTowardTheTotalWhenOneIsKnown() {
        #expect(ArchiveProgressLine.text(ArchiveProgress(notesDone: 5, notesTotal: nil, bytesDone: 2_000_000), elapsed: 1)
            == "5 notes  2.0 MB  2.0 MB/s")
        #expect(ArchiveProgressLine.text(ArchiveProgress(notesDone: 500, notesTotal: 1_000, bytesDone: 2_000_000), elapsed: 90)
            == "500/1000 notes  2.0 MB  0.0 MB/s  ETA 1:30")
    }

    @Test func itGivesNoTimeLeftBeforeAHundredthIsDone() {
        let early = ArchiveProgressLine.text(ArchiveProgress(notesDone: 1, notesTotal: 20_000, bytesDone: 3_000), elapsed: 0.16)
        #expect(early == "1/20000 notes  0.0 MB  0.0 MB/s")
        let later = ArchiveProgressLine.text(ArchiveProgress(notesDone: 200, notesTotal: 20_000, bytesDone: 600_000), elapsed: 0.5)
        #expect(later.hasSuffix("ETA 0:49"))
    }
}
