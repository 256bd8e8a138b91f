import Foundation
import QuillModels
import Testing

/// Times as commands take them: `--at`, `--older-than`, `--expires`.
@Suite("Time arguments")
struct TimeArgumentTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test("a span counts from now, either way")
    func spans() {
        #expect(TimeArgument.parse("2h", now: now, spans: .ago) == now.addingTimeInterval(-7200))
        #expect(TimeArgument.parse("1.5d", now: now, spans: .fromNow) == now.addingTimeInterval(129_600))
        #expect(TimeArgument.parse("2w", now: now, spans: .ago) == now.addingTimeInterval(-1_209_600))
    }

    @Test("a time or a day is that time")
    func times() {
        #expect(TimeArgument.parse("2026-11-26T18:40:00Z", now: now, spans: .ago) == Timestamp(parsing: "2026-11-26T18:40:00Z")?.date)
        #expect(TimeArgument.parse("2026-11-26", now: now, spans: .ago) == Timestamp(parsing: "2026-11-26T23:59:59.999Z")?.date)
    }

    /// `quill show --at 1e15d` and `quill-server account token --expires 1e300d` stopped the
    /// process converting the time to milliseconds.
    @Test("what is no span, or reaches past the years 0 to 9999, is no time",
          arguments: ["1e15d", "1e300d", "99999999999d", "0x10d", "-3d", "+3d", "d", ".d", "nand", "infd", "3", "3y", ""])
    func refused(_ text: String) {
        #expect(TimeArgument.parse(text, now: now, spans: .ago) == nil)
        #expect(TimeArgument.parse(text, now: now, spans: .fromNow) == nil)
    }
}
