import Foundation

/// A date as Quill writes it: ISO-8601, UTC, with milliseconds (`2026-11-22T10:15:30.123Z`).
///
/// Exists because Foundation's built-in `.iso8601` strategy drops fractional seconds, which
/// would make exported notes lose precision on a round trip.
public struct Timestamp: Codable, Hashable, Sendable, CustomStringConvertible {
    public let date: Date

    public init(_ date: Date) { self.date = date.roundedToMilliseconds }

    public init?(parsing text: String) {
        guard let date = Timestamp.parse(text) else { return nil }
        self.init(date)
    }

    public var description: String { Timestamp.format(date) }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let date = Timestamp.parse(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not an ISO-8601 date")
        }
        self.init(date)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    private static let withFraction = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: .gmt)
    private static let withoutFraction = Date.ISO8601FormatStyle(timeZone: .gmt)

    static func format(_ date: Date) -> String { withFraction.format(date) }

    static func parse(_ text: String) -> Date? {
        (try? withFraction.parse(text)) ?? (try? withoutFraction.parse(text))
    }
}
