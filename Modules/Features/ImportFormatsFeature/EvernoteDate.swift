import Foundation
import QuillModels

/// Evernote's dates, `20160730T164129Z` (UTC, to the second).
enum EvernoteDate {
    static func parse(_ text: String) -> Date? {
        let digits = Array(text.trimmingSpaces().utf8)
        guard digits.count == 16, digits[8] == UInt8(ascii: "T"), digits[15] == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for byte in digits[range] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8), let hour = number(9..<11),
              let minute = number(11..<13), let second = number(13..<15) else { return nil }
        return CivilDate.utc(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }
}
