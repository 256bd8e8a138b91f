import Foundation
import QuillModels

/// A time typed on the command line (`show --at`): an ISO 8601 timestamp as `quill` prints
/// them (`2026-11-26T18:40:00Z`, `…+01:00`), a day (`2026-11-26`: the end of that day, UTC),
/// or a span ago (`90m`, `2h`, `3d`, `2w`).
enum TimeArgument {
    static func parse(_ text: String, now: Date) -> Date? {
        if let timestamp = Timestamp(parsing: text) { return timestamp.date }
        if text.count == 10, let day = Timestamp(parsing: text + "T23:59:59.999Z") { return day.date }
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
        guard let unit = text.last.flatMap({ units[$0] }), let amount = Double(text.dropLast()), amount >= 0 else { return nil }
        return now.addingTimeInterval(-amount * unit)
    }
}
