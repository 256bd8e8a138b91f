import Foundation

/// A time typed on a command line (`quill show --at`, `quill trash --older-than`,
/// `quill-server account token --expires`): an ISO 8601 timestamp as Quill prints them
/// (`2026-11-26T18:40:00Z`, `…+01:00`), a day (`2026-11-26`: the end of that day, UTC), or a
/// span (`90m`, `2h`, `3d`, `1.5w`: a decimal number and a unit) counted back from now or forward
/// from now, as the option means, within the years 0 to 9999 (`Timestamp.writable`).
///
/// Exists so that every command reads times one way.
public enum TimeArgument {
    /// Which way a span counts from now.
    public enum Direction: Sendable {
        /// `3d` is three days ago.
        case ago
        /// `3d` is three days from now.
        case fromNow
    }

    public static func parse(_ text: String, now: Date, spans direction: Direction) -> Date? {
        if let timestamp = Timestamp(parsing: text) { return timestamp.date }
        if text.count == 10, let day = Timestamp(parsing: text + "T23:59:59.999Z") { return day.date }
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
        let amount = text.dropLast()
        guard let unit = text.last.flatMap({ units[$0] }), !amount.isEmpty, amount.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let value = Double(amount) else { return nil }
        let date = now.addingTimeInterval((direction == .ago ? -1 : 1) * value * unit)
        // A span past the years a timestamp names (`1e15d`, a typo's `99999999999d`) is no time:
        // converting it to milliseconds would stop the process.
        return Timestamp.writable.contains(date) ? date : nil
    }
}
