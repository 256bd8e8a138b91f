import Foundation
import QuillModels

/// `ForeignDate`'s forms read from ASCII bytes by hand: the same pattern, the same checks, the
/// same `Date` to the bit, without building a `Regex` and a `Calendar` per date.
///
/// Exists because an import of a vault reads two dates from every note that has front matter,
/// and the pattern with a calendar cost ~25 µs a date. It answers only for ASCII text with a
/// year from 1600 on (where the proleptic Gregorian arithmetic here and Foundation's calendar,
/// which switches to the Julian one in 1582, agree); `nil` means "ask the pattern".
enum ForeignDateScanner {
    enum Outcome: Equatable {
        case date(Date)
        case notADate
    }

    static func scan(_ text: String) -> Outcome? {
        var bytes = Array(text.utf8)[...]
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        // `trimmingCharacters(in: .whitespaces)`: in ASCII, spaces and tabs.
        while let first = bytes.first, first == space || first == tab { bytes.removeFirst() }
        while let last = bytes.last, last == space || last == tab { bytes.removeLast() }
        var reader = Reader(bytes: bytes)
        guard let year = reader.digits(4...4), reader.take(minus), let month = reader.digits(1...2), reader.take(minus),
              let day = reader.digits(1...2) else { return .notADate }
        var hour: Int64 = 0, minute: Int64 = 0, second: Int64 = 0
        var fraction: Substring?
        // `(?:[Tt ]+(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?`: backs off whole if it fails.
        var time = reader
        if time.skip(while: { $0 == UInt8(ascii: "T") || $0 == UInt8(ascii: "t") || $0 == space }) > 0,
           let hours = time.digits(1...2), time.take(colon), let minutes = time.digits(2...2) {
            hour = hours
            minute = minutes
            var seconds = time
            if seconds.take(colon), let secondsValue = seconds.digits(2...2) {
                second = secondsValue
                var fractional = seconds
                if fractional.take(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: ",") }),
                   let digits = fractional.digitText() {
                    fraction = digits
                    seconds = fractional
                }
                time = seconds
            }
            reader = time
        }
        // `\s*`
        reader.skip(while: isRegexWhitespace)
        var offset = 0
        if !reader.isAtEnd {
            guard let zone = reader.zoneOffset(), reader.isAtEnd else { return .notADate }
            offset = zone
        }
        guard year >= 1600 else { return nil }
        guard second < 60, let date = CivilDate.utc(year: year, month: month, day: day, hour: hour, minute: minute, second: second) else {
            return .notADate
        }
        let fractionSeconds = fraction.map { Double("0." + $0) ?? 0 } ?? 0
        return .date(date.addingTimeInterval(fractionSeconds - Double(offset)))
    }

    private static let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t"), minus = UInt8(ascii: "-")
    private static let colon = UInt8(ascii: ":")

    /// What `\s` matches among ASCII characters.
    private static func isRegexWhitespace(_ byte: UInt8) -> Bool {
        byte == space || (0x09...0x0D).contains(byte)
    }

    private struct Reader {
        var bytes: ArraySlice<UInt8>

        var isAtEnd: Bool { bytes.isEmpty }

        mutating func take(_ byte: UInt8) -> Bool { take { $0 == byte } }

        mutating func take(where matches: (UInt8) -> Bool) -> Bool {
            guard let first = bytes.first, matches(first) else { return false }
            bytes.removeFirst()
            return true
        }

        @discardableResult
        mutating func skip(while matches: (UInt8) -> Bool) -> Int {
            let count = bytes.prefix(while: matches).count
            bytes.removeFirst(count)
            return count
        }

        /// Greedy, as the pattern's `\d{m,n}` is: the pattern never needs fewer digits here,
        /// since what follows each such run cannot start with a digit.
        mutating func digits(_ counts: ClosedRange<Int>) -> Int64? {
            let run = bytes.prefix(while: Self.isDigit).prefix(counts.upperBound)
            guard run.count >= counts.lowerBound else { return nil }
            bytes.removeFirst(run.count)
            return run.reduce(0) { $0 * 10 + Int64($1 - UInt8(ascii: "0")) }
        }

        mutating func digitText() -> Substring? {
            let run = bytes.prefix(while: Self.isDigit)
            guard !run.isEmpty else { return nil }
            bytes.removeFirst(run.count)
            return Substring(decoding: run, as: UTF8.self)
        }

        /// `Z|z|UTC|[+-]\d{2}(?::?\d{2})?` as seconds east of UTC.
        mutating func zoneOffset() -> Int? {
            if take(UInt8(ascii: "Z")) || take(UInt8(ascii: "z")) { return 0 }
            if bytes.starts(with: "UTC".utf8) {
                bytes.removeFirst(3)
                return 0
            }
            guard let sign = bytes.first, sign == UInt8(ascii: "+") || sign == minus else { return nil }
            bytes.removeFirst()
            guard let hours = exactly2Digits() else { return nil }
            var minutes: Int64 = 0
            var rest = self
            _ = rest.take(colon)
            if let value = rest.exactly2Digits() {
                minutes = value
                self = rest
            }
            return (sign == minus ? -1 : 1) * Int(hours * 3600 + minutes * 60)
        }

        private mutating func exactly2Digits() -> Int64? {
            guard bytes.count >= 2, Self.isDigit(bytes[bytes.startIndex]), Self.isDigit(bytes[bytes.startIndex + 1]) else { return nil }
            let value = Int64(bytes[bytes.startIndex] - UInt8(ascii: "0")) * 10 + Int64(bytes[bytes.startIndex + 1] - UInt8(ascii: "0"))
            bytes.removeFirst(2)
            return value
        }

        private static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    }
}
