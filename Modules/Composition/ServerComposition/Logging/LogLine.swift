import Foundation
import Logging
import QuillModels

/// Formats one log line into bytes, in either `LogFormat`, without `DateFormatter` or
/// `String(format:)`: it runs once per request.
enum LogLine {
    /// `2026-01-01T10:00:00.123Z info message key=value key=value` (keys sorted; a value with
    /// spaces or quotes is quoted).
    static func text(into line: inout [UInt8], time: timespec, level: Logger.Level, message: String, metadata: Logger.Metadata) {
        appendTimestamp(time, to: &line)
        line.append(UInt8(ascii: " "))
        line.append(contentsOf: level.rawValue.utf8)
        line.append(UInt8(ascii: " "))
        appendSingleLine(message, to: &line)
        for (key, value) in sorted(metadata) {
            line.append(UInt8(ascii: " "))
            line.append(contentsOf: key.utf8)
            line.append(UInt8(ascii: "="))
            let text = value.description
            if text.isEmpty || text.utf8.contains(where: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\"") || $0 < 0x20 }) {
                JSONText.appendString(text, to: &line)
            } else {
                line.append(contentsOf: text.utf8)
            }
        }
        line.append(UInt8(ascii: "\n"))
    }

    /// `{"time":"…","level":"info","label":"…","message":"…","key":"value",…}` (metadata keys
    /// sorted, after the fixed fields; a metadata key equal to a fixed one is prefixed with `metadata.`).
    static func json(into line: inout [UInt8], time: timespec, level: Logger.Level, label: String, message: String,
                     metadata: Logger.Metadata) {
        line.append(contentsOf: #"{"time":""#.utf8)
        appendTimestamp(time, to: &line)
        line.append(contentsOf: #"","level":""#.utf8)
        line.append(contentsOf: level.rawValue.utf8)
        line.append(contentsOf: #"","label":"#.utf8)
        JSONText.appendString(label, to: &line)
        line.append(contentsOf: #","message":"#.utf8)
        JSONText.appendString(message, to: &line)
        for (key, value) in sorted(metadata) {
            line.append(UInt8(ascii: ","))
            JSONText.appendString(fixedFields.contains(key) ? "metadata." + key : key, to: &line)
            line.append(UInt8(ascii: ":"))
            JSONText.appendString(value.description, to: &line)
        }
        line.append(contentsOf: "}\n".utf8)
    }

    /// The entries ordered by key, compared as bytes (cheaper than `String`'s Unicode ordering).
    private static func sorted(_ metadata: Logger.Metadata) -> [(key: String, value: Logger.MetadataValue)] {
        metadata.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
    }

    private static let fixedFields: Set<String> = ["time", "level", "label", "message"]

    /// ISO 8601 in UTC with milliseconds: `2026-01-01T10:00:00.123Z`.
    static func appendTimestamp(_ time: timespec, to line: inout [UInt8]) {
        var seconds = time_t(time.tv_sec)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        appendDigits(Int(parts.tm_year) + 1900, count: 4, to: &line)
        line.append(UInt8(ascii: "-"))
        appendDigits(Int(parts.tm_mon) + 1, count: 2, to: &line)
        line.append(UInt8(ascii: "-"))
        appendDigits(Int(parts.tm_mday), count: 2, to: &line)
        line.append(UInt8(ascii: "T"))
        appendDigits(Int(parts.tm_hour), count: 2, to: &line)
        line.append(UInt8(ascii: ":"))
        appendDigits(Int(parts.tm_min), count: 2, to: &line)
        line.append(UInt8(ascii: ":"))
        appendDigits(Int(parts.tm_sec), count: 2, to: &line)
        line.append(UInt8(ascii: "."))
        appendDigits(Int(time.tv_nsec) / 1_000_000, count: 3, to: &line)
        line.append(UInt8(ascii: "Z"))
    }

    private static func appendDigits(_ value: Int, count: Int, to line: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<count { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            line.append(UInt8(ascii: "0") + UInt8((rest / divisor) % 10))
            rest %= divisor
            divisor /= 10
        }
    }

    /// The text with its line breaks (and other control characters, quotes and backslashes) escaped
    /// as in a JSON literal, so one event is one line.
    private static func appendSingleLine(_ text: String, to line: inout [UInt8]) {
        guard text.utf8.contains(where: { $0 < 0x20 }) else {
            line.append(contentsOf: text.utf8)
            return
        }
        JSONText.appendEscaped(text, to: &line)
    }
}
