/// A note's stable identity.
///
/// Exists so an ID can never be confused with any other string (a title, a tag, a path).
/// IDs are lowercase hexadecimal, which lets users type a unique prefix, as with git hashes.
public struct NoteID: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    /// Accepts 1...64 lowercase hexadecimal characters; anything else is not an ID.
    public init?(_ rawValue: String) {
        guard !rawValue.isEmpty, rawValue.utf8.count <= 64,
              rawValue.utf8.allSatisfy(NoteID.isLowercaseHex) else { return nil }
        self.rawValue = rawValue
    }

    /// The 32-hex-digit ID of a 128-bit number: how generators make IDs.
    public init(high: UInt64, low: UInt64) {
        self.rawValue = NoteID.hex(high) + NoteID.hex(low)
    }

    public var description: String { rawValue }

    /// The first eight characters: what `quill list` shows and what is usually enough to type.
    public var short: String { String(rawValue.prefix(8)) }

    public static func < (lhs: NoteID, rhs: NoteID) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let id = NoteID(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a note ID")
        }
        self = id
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    static func isLowercaseHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
