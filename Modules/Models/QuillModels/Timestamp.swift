import Foundation

/// A date as Quill writes it: ISO-8601, UTC, with milliseconds (`2026-11-22T10:15:30.123Z`).
///
/// Exists because Foundation's formatters drop or truncate fractional seconds, which would
/// make exported notes lose precision on a round trip. Formatting and parsing work on whole
/// milliseconds, so `Timestamp(parsing: t.description) == t` always holds.
public struct Timestamp: Codable, Hashable, Sendable, CustomStringConvertible {
    public let date: Date

    public init(_ date: Date) { self.date = date.roundedToMilliseconds }

    /// Accepts `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`.
    public init?(parsing text: String) {
        self.init(parsingUTF8: Array(text.utf8)[...])
    }

    /// The same, from UTF-8 bytes: what an import reads, without a string per date.
    public init?(parsingUTF8 bytes: ArraySlice<UInt8>) {
        guard let milliseconds = ISO8601Milliseconds.parse(bytes) else { return nil }
        self.init(Date(millisecondsSince1970: milliseconds))
    }

    public var description: String { ISO8601Milliseconds.format(date.millisecondsSince1970) }

    /// The dates a timestamp is written as and read back from (years 0000 to 9999): one outside
    /// them would be written as text no reader takes.
    public static let writable = Date(millisecondsSince1970: -62_167_219_200_000)...Date(millisecondsSince1970: 253_402_300_799_999)

    /// `YYYY-MM-DD HH:MM` in UTC: the short form listings show.
    public var minutes: String {
        let text = ISO8601Milliseconds.format(date.millisecondsSince1970)
        guard text.utf8.count == 24 else { return text }
        var bytes = Array(text.utf8.prefix(16))
        bytes[10] = UInt8(ascii: " ")
        return String(decoding: bytes, as: UTF8.self)
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let timestamp = Timestamp(parsing: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an ISO-8601 date")
        }
        self = timestamp
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// Exact conversion between milliseconds since 1970 and ISO-8601 text, in the proleptic
/// Gregorian calendar (days-from-civil arithmetic; no formatter, no locale, no rounding).
enum ISO8601Milliseconds {
    static func format(_ milliseconds: Int64) -> String {
        let (seconds, millis) = milliseconds.floorDivided(by: 1000)
        let (days, secondOfDay) = seconds.floorDivided(by: 86_400)
        let (year, month, day) = CivilDate.date(days: days)
        guard (0...9999).contains(year) else {
            return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2) + "T"
                + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":" + pad(secondOfDay % 60, 2)
                + "." + pad(millis, 3) + "Z"
        }
        // The common case, built byte by byte: listings format thousands of these.
        var bytes: [UInt8] = Array("0000-00-00T00:00:00.000Z".utf8)
        func put(_ value: Int64, at end: Int, width: Int) {
            var value = value
            for position in stride(from: end, to: end - width, by: -1) {
                bytes[position] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
        }
        put(year, at: 3, width: 4)
        put(month, at: 6, width: 2)
        put(day, at: 9, width: 2)
        put(secondOfDay / 3600, at: 12, width: 2)
        put(secondOfDay / 60 % 60, at: 15, width: 2)
        put(secondOfDay % 60, at: 18, width: 2)
        put(millis, at: 22, width: 3)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func parse(_ bytes: ArraySlice<UInt8>) -> Int64? {
        let count = bytes.count
        /// The byte at `offset` from the start; `bytes` may be a slice anywhere in its array.
        func at(_ offset: Int) -> UInt8 { bytes[bytes.startIndex + offset] }
        func number(_ offsets: Range<Int>) -> Int64? {
            var value: Int64 = 0
            for offset in offsets {
                guard let digit = digit(at(offset)) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        guard count >= 20, at(4) == UInt8(ascii: "-"), at(7) == UInt8(ascii: "-"),
              at(10) == UInt8(ascii: "T") || at(10) == UInt8(ascii: "t"),
              at(13) == UInt8(ascii: ":"), at(16) == UInt8(ascii: ":"),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...CivilDate.daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 60 else { return nil }
        var index = 19
        var millis: Int64 = 0
        if at(index) == UInt8(ascii: ".") {
            index += 1
            var digits = 0
            while index < count, let digit = digit(at(index)) {
                if digits < 3 { millis = millis * 10 + digit }
                digits += 1
                index += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 3) { millis *= 10 }
        }
        guard index < count else { return nil }
        var offsetSeconds: Int64 = 0
        if at(index) == UInt8(ascii: "Z") || at(index) == UInt8(ascii: "z") {
            index += 1
        } else if at(index) == UInt8(ascii: "+") || at(index) == UInt8(ascii: "-"), count - index == 6,
                  at(index + 3) == UInt8(ascii: ":"),
                  let hours = number((index + 1)..<(index + 3)), let minutes = number((index + 4)..<(index + 6)),
                  hours < 24, minutes < 60 {
            offsetSeconds = (hours * 3600 + minutes * 60) * (at(index) == UInt8(ascii: "+") ? 1 : -1)
            index += 6
        } else {
            return nil
        }
        guard index == count else { return nil }
        let days = CivilDate.days(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        return seconds * 1000 + millis
    }

    private static func digit(_ byte: UInt8) -> Int64? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int64(byte - UInt8(ascii: "0")) : nil
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

extension Int64 {
    /// Division rounding toward negative infinity, with a non-negative remainder.
    func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let quotient = self / divisor, remainder = self % divisor
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
