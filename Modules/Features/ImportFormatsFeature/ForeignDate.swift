import Foundation

/// Reads the dates other apps write, in front matter and in their exports' JSON: ISO 8601
/// (`2023-01-05T14:22:10.123+01:00`), a date alone (`2023-01-05`), a date and a time with a space
/// (`2023-01-05 14:22:10`, Jekyll's `2023-01-05 14:22:10 +0100`, Joplin's `2023-01-05 14:22:10Z`),
/// with or without seconds, fractional seconds and a zone; and the spelled-out dates of Notion's
/// properties (`spelledOut`).
///
/// Exists because those apps agree on no one format, and Quill's own strict `Timestamp` reads
/// only what Quill writes: the one reader of foreign dates, for every importer. A date without a
/// zone is taken as UTC; a date alone is midnight UTC.
public enum ForeignDate {
    public static func parse(_ text: String) -> Date? {
        switch ForeignDateScanner.scan(text) {
        case .date(let date): date
        case .notADate: nil
        case nil: parseWithPattern(text)
        }
    }

    /// The definition: what `ForeignDateScanner` answers must be what this answers. Used for
    /// the text the scanner leaves (not ASCII, or a year before 1600).
    static func parseWithPattern(_ text: String) -> Date? {
        // Built per call: a `Regex` is not `Sendable`, and such dates are rare.
        let pattern =
            /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[Tt ]+(\d{1,2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|z|UTC|[+-]\d{2}(?::?\d{2})?)?$/
        guard let match = text.trimmingCharacters(in: .whitespaces).wholeMatch(of: pattern) else { return nil }
        let output = match.output
        guard let year = Int(output.1), let month = Int(output.2), let day = Int(output.3) else { return nil }
        let hour = output.4.flatMap { Int($0) } ?? 0
        let minute = output.5.flatMap { Int($0) } ?? 0
        let second = output.6.flatMap { Int($0) } ?? 0
        guard (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components), calendar.component(.day, from: date) == day else { return nil }
        let fraction = output.7.map { Double("0." + $0) ?? 0 } ?? 0
        return date.addingTimeInterval(fraction - Double(offsetSeconds(output.8.map(String.init))))
    }

    /// A date as Notion writes it in a page's properties (`March 31, 2025 6:30 AM`, or without
    /// the time), in UTC.
    static func spelledOut(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        for format in ["MMMM d, yyyy h:mm a", "MMMM d, yyyy"] {
            formatter.dateFormat = format
            if let date = formatter.date(from: text.trimmingCharacters(in: .whitespaces)) { return date }
        }
        return nil
    }

    /// `Z`, `+01:00`, `+0100` or `+01` as seconds east of UTC.
    private static func offsetSeconds(_ zone: String?) -> Int {
        guard let zone, let sign = zone.first, sign == "+" || sign == "-" else { return 0 }
        let digits = zone.dropFirst().filter(\.isNumber)
        let hours = Int(digits.prefix(2)) ?? 0
        let minutes = Int(digits.dropFirst(2)) ?? 0
        return (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60)
    }
}
