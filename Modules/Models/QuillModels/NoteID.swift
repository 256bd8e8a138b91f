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

    static func isLowercaseHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }
}
