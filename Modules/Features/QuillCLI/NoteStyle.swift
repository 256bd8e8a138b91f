import ArgumentParser
import Foundation
import QuillModels
import SettingsInterface

/// How notes look to people: dates in UTC or the local time zone, with or without colour.
///
/// Built from the `dates` and `color` settings; JSON output never uses it (its dates are UTC).
struct NoteStyle: Sendable {
    var dates: DateDisplay
    var timeZone: TimeZone
    var colored: Bool

    /// Plain UTC text: what scripts and tests that set nothing see.
    static let plain = NoteStyle(dates: .utc, timeZone: TimeZone(identifier: "UTC") ?? .current, colored: false)

    /// `YYYY-MM-DD HH:MM`, as listings show it.
    func minutes(_ date: Date) -> String {
        guard dates == .local else { return Timestamp(date).minutes }
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2)) \(pad(parts.hour, 2)):\(pad(parts.minute, 2))"
    }

    /// ISO-8601 with milliseconds: `…Z` in UTC, with the offset (`+01:00`) in local time.
    func timestamp(_ date: Date) -> String {
        guard dates == .local else { return Timestamp(date).description }
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second, .nanosecond], from: date)
        let millis = Int(((parts.nanosecond ?? 0) + 500_000) / 1_000_000) % 1000
        let offset = timeZone.secondsFromGMT(for: date)
        let sign = offset < 0 ? "-" : "+"
        return "\(pad(parts.year, 4))-\(pad(parts.month, 2))-\(pad(parts.day, 2))T\(pad(parts.hour, 2)):\(pad(parts.minute, 2))"
            + ":\(pad(parts.second, 2)).\(pad(millis, 3))\(sign)\(pad(abs(offset) / 3600, 2)):\(pad(abs(offset) / 60 % 60, 2))"
    }

    func id(_ text: String) -> String { paint(text, "33") }
    func tags(_ text: String) -> String { paint(text, "36") }
    func title(_ text: String) -> String { paint(text, "1") }
    func broken(_ text: String) -> String { paint(text, "31") }

    private func paint(_ text: String, _ code: String) -> String {
        colored ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    private var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    private func pad(_ value: Int?, _ width: Int) -> String {
        let text = String(value ?? 0)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

/// `--dates` and `--color`, for the commands that show notes to people (`list`, `search`, `show`).
struct DisplayOptions: ParsableArguments, Sendable {
    @Option(help: "Show dates in utc or local time (default: the 'dates' setting, else utc).") var dates: String?
    @Option(help: "Colour the output: auto, always or never (default: the 'color' setting, else auto).") var color: String?

    /// The style these options, the environment and the settings ask for.
    func style(in environment: CLIEnvironment) async throws -> NoteStyle {
        let flags = [SettingKey.dates: dates, .color: color].compactMapValues { $0 }
        let effective = try await SettingsResolver(environment: environment.settings).resolve([.dates, .color], flags: flags)
        let colored = switch effective.color {
        case .always: true
        case .never: false
        case .auto: environment.console.isStandardOutputTerminal
        }
        return NoteStyle(dates: effective.dates, timeZone: environment.settings.timeZone, colored: colored)
    }
}
