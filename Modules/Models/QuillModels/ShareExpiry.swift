import Foundation

/// How a person says when a share link stops working: `7d`, `12h`, `30m` (from now), a date
/// (`2027-01-31`, that day's start in UTC) or time (`2027-01-31T18:00:00Z`), or `never`.
/// `quill share --expires` and the web reader's share form read it the same way.
public enum ShareExpiry {
    /// The moment `text` names, counted from `now`; `.some(nil)` for `never`; `nil` if it names none.
    public static func parse(_ text: String, now: Date) -> Date?? {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if trimmed == "never" { return .some(nil) }
        if let unit = trimmed.last, let amount = Int(trimmed.dropLast()), amount > 0 {
            let seconds: Int? = switch unit {
            case "m": 60
            case "h": 3600
            case "d": 86400
            case "w": 7 * 86400
            default: nil
            }
            if let seconds, amount <= 100 * 365 * 86400 / seconds { return now.addingTimeInterval(TimeInterval(amount * seconds)) }
            return nil
        }
        if trimmed.count == 10, let day = Timestamp(parsing: trimmed + "T00:00:00Z") { return day.date }
        return Timestamp(parsing: text.trimmingCharacters(in: .whitespaces)).map(\.date)
    }
}
