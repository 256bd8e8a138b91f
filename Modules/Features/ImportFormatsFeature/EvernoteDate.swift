import Foundation

/// Evernote's dates, `20160730T164129Z` (UTC, to the second).
enum EvernoteDate {
    static func parse(_ text: String) -> Date? {
        let digits = Array(text.trimmingSpaces().utf8)
        guard digits.count == 16, digits[8] == UInt8(ascii: "T"), digits[15] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in digits[range] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8), let hour = number(9..<11),
              let minute = number(11..<13), let second = number(13..<15),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        guard let date = calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)),
              calendar.component(.day, from: date) == day else { return nil }
        return date
    }
}
