import Foundation
import QuillModels
import StandardTesting
import Testing

/// The calendar arithmetic every reader of dates shares, held to Foundation's Gregorian calendar
/// (from 1600 on, where that calendar is Gregorian) and to dates that do not exist.
@Suite struct CivilDateTests {
    @Test("any day and time from 1600 to 2400 is the moment Foundation's calendar names, on its weekday")
    func agreesWithFoundation() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let seed = UInt64.random(in: 0...UInt64.max)
        var generator = SplitMix64(seed: seed)
        for _ in 0..<2_000 {
            let year = Int64.random(in: 1600...2400, using: &generator), month = Int64.random(in: 1...12, using: &generator)
            let day = Int64.random(in: 1...CivilDate.daysIn(month: month, year: year), using: &generator)
            let (hour, minute, second) = (Int64.random(in: 0...23, using: &generator), Int64.random(in: 0...59, using: &generator),
                                          Int64.random(in: 0...59, using: &generator))
            let expected = calendar.date(from: DateComponents(year: Int(year), month: Int(month), day: Int(day), hour: Int(hour),
                                                              minute: Int(minute), second: Int(second)))
            let date = CivilDate.utc(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
            #expect(date == expected, "seed \(seed): \(year)-\(month)-\(day) \(hour):\(minute):\(second)")
            let days = CivilDate.days(year: year, month: month, day: day)
            #expect(CivilDate.weekday(days: days) + 1 == calendar.component(.weekday, from: expected!), "seed \(seed): \(year)-\(month)-\(day)")
        }
    }

    @Test("a date or time that does not exist is none; a leap second is the next minute's first")
    func nonexistent() {
        #expect(CivilDate.utc(year: 2023, month: 2, day: 29) == nil && CivilDate.utc(year: 2024, month: 2, day: 29) != nil)
        #expect(CivilDate.utc(year: 2100, month: 2, day: 29) == nil && CivilDate.utc(year: 2000, month: 2, day: 29) != nil)
        #expect(CivilDate.utc(year: 2024, month: 13, day: 1) == nil && CivilDate.utc(year: 2024, month: 0, day: 1) == nil)
        #expect(CivilDate.utc(year: 2024, month: 4, day: 31) == nil && CivilDate.utc(year: 2024, month: 1, day: 0) == nil)
        #expect(CivilDate.utc(year: 2024, month: 1, day: 1, hour: 24) == nil && CivilDate.utc(year: 2024, month: 1, day: 1, minute: 60) == nil)
        #expect(CivilDate.utc(year: 2016, month: 12, day: 31, hour: 23, minute: 59, second: 60) == Date(timeIntervalSince1970: 1_483_228_800))
        #expect(CivilDate.utc(year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59) == Date(timeIntervalSince1970: -1))
        #expect(CivilDate.weekday(days: 0) == 4 && CivilDate.weekday(days: -1) == 3 && CivilDate.weekday(days: -4) == 0)
    }
}
