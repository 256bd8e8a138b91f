import Foundation
import QuillModels
import Testing

@Suite("History retention")
struct HistoryRetentionTests {
    @Test(arguments: [("all", "all"), ("100", "100"), ("1", "1"), ("90d", "90d"), ("14d", "2w"), ("1y", "1y"), ("36h", "36h"), ("90m", "90m")])
    func readsAndWritesItsText(text: String, written: String) throws {
        let retention = try #require(HistoryRetention(text))
        #expect(retention.description == written)
        #expect(HistoryRetention(written) == retention)
    }

    @Test(arguments: ["", "0", "-3", "d", "0d", "1.5d", "3 d", "90x", "ALL", "9223372036854775807y"])
    func refusesAnythingElse(text: String) {
        #expect(HistoryRetention(text) == nil)
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    /// Revisions written 10, 8, 5, 3 and 1 days ago (the last one current).
    static let times = [10.0, 8, 5, 3, 1].map { now.addingTimeInterval(-$0 * 86_400) }

    @Test func aCountKeepsTheNewestRevisionsAndNeverTheCurrentOneLess() {
        #expect(HistoryRetention.revisions(2).droppedCount(times: Self.times, now: Self.now) == 3)
        #expect(HistoryRetention.revisions(1).droppedCount(times: Self.times, now: Self.now) == 4)
        #expect(HistoryRetention.revisions(9).droppedCount(times: Self.times, now: Self.now) == 0)
        #expect(HistoryRetention.all.droppedCount(times: Self.times, now: Self.now) == 0)
        #expect(HistoryRetention.revisions(1).droppedCount(times: [Self.now], now: Self.now) == 0)
    }

    /// Keeping four days keeps what the note was four days ago: the revision written five days
    /// ago was current then.
    @Test func aSpanKeepsWhatTheNoteWasAtEveryMomentOfIt() {
        #expect(HistoryRetention.span(seconds: 4 * 86_400).droppedCount(times: Self.times, now: Self.now) == 2)
        #expect(HistoryRetention.span(seconds: 86_400 / 2).droppedCount(times: Self.times, now: Self.now) == 4)
        #expect(HistoryRetention.span(seconds: 30 * 86_400).droppedCount(times: Self.times, now: Self.now) == 0)
        var clockSetBack = Self.times
        clockSetBack.swapAt(1, 2)
        #expect(HistoryRetention.span(seconds: 4 * 86_400).droppedCount(times: clockSetBack, now: Self.now) == 2, "only ever a prefix")
    }
}
