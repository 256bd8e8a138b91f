import Foundation

/// A time typed on a command line (`quill show --at`, `quill trash --older-than`,
/// `quill-server account token --expires`): an ISO 8601 timestamp as Quill prints them
/// (`2026-11-26T18:40:00Z`, `…+01:00`), a day (`2026-11-26`: the end of that day, UTC), or a
/// span (`90m`, `2h`, `3d`, `2w`) counted back from now or forward from now, as the option means.
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
        guard let unit = text.last.flatMap({ units[$0] }), let amount = Double(text.dropLast()), amount >= 0, amount.isFinite else { return nil }
        return now.addingTimeInterval((direction == .ago ? -1 : 1) * amount * unit)
    }
}
