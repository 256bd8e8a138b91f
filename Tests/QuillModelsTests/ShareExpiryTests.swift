import Foundation
import QuillModels
import Testing

/// `quill share --expires` and the web reader's share form read a time the same way.
@Suite struct ShareExpiryTests {
    static let now = Date(timeIntervalSince1970: 1_767_225_600)

    @Test(arguments: [("30m", 1800.0), ("12h", 43_200), ("7d", 604_800), ("2w", 1_209_600), (" 1D ", 86_400)])
    func aSpanCountsFromNow(_ text: String, _ seconds: TimeInterval) {
        #expect(ShareExpiry.parse(text, now: Self.now) == .some(Self.now.addingTimeInterval(seconds)))
    }

    @Test func aDateIsThatDaysStartInUTCAndATimeIsItself() {
        #expect(ShareExpiry.parse("2027-01-31", now: Self.now) == .some(Date(timeIntervalSince1970: 1_801_353_600)))
        #expect(ShareExpiry.parse("2027-01-31T18:00:00Z", now: Self.now) == .some(Date(timeIntervalSince1970: 1_801_418_400)))
        #expect(ShareExpiry.parse("2027-01-31T19:00:00+01:00", now: Self.now) == .some(Date(timeIntervalSince1970: 1_801_418_400)))
    }

    @Test func neverIsNoExpiry() {
        #expect(ShareExpiry.parse("never", now: Self.now) == .some(nil))
        #expect(ShareExpiry.parse("NEVER", now: Self.now) == .some(nil))
    }

    @Test(arguments: ["", "7", "d", "0d", "-1d", "7y", "99999999999d", "tomorrow", "2027-13-01", "2027-01-31 18:00"])
    func anythingElseNamesNoTime(_ text: String) {
        #expect(ShareExpiry.parse(text, now: Self.now) == nil, "\(text)")
    }
}
