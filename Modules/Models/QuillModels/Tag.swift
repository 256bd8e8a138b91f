/// A normalized tag: trimmed, lowercased, without white space.
///
/// Exists so that "Work", " work " and "work" are one tag everywhere, and a tag with
/// spaces inside is rejected at the edge instead of silently split or mangled.
public struct Tag: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public static let maximumLength = 64

    public let rawValue: String

    public init(_ text: String) throws(NoteValidationError) {
        if Tag.isAlreadyNormalized(text) {
            self.rawValue = text
            return
        }
        let normalized = text.trimmingUnicodeScalars(where: \.properties.isWhitespace).lowercased()
        guard !normalized.isEmpty else { throw .emptyTag }
        guard !normalized.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0 == "," }) else {
            throw .tagContainsSpace(text)
        }
        guard normalized.count <= Tag.maximumLength else { throw .tagTooLong(text) }
        self.rawValue = normalized
    }

    public var description: String { rawValue }

    /// The common case, checked cheaply: short, ASCII, no upper case, no space or comma.
    private static func isAlreadyNormalized(_ text: String) -> Bool {
        let bytes = text.utf8
        guard !bytes.isEmpty, bytes.count <= maximumLength else { return false }
        return bytes.allSatisfy { byte in
            byte > 0x20 && byte < 0x7f && byte != UInt8(ascii: ",") && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
    }

    public static func < (lhs: Tag, rhs: Tag) -> Bool { lhs.rawValue < rhs.rawValue }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do { self = try Tag(text) } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

extension Tag {
    /// Normalizes, de-duplicates and sorts a list of user-typed tags.
    public static func normalize(_ texts: some Sequence<String>) throws(NoteValidationError) -> [Tag] {
        var tags: [Tag] = []
        for text in texts { tags.append(try Tag(text)) }
        return sortedWithoutDuplicates(tags)
    }

    /// Sorted and de-duplicated; a list that already is (as stored notes' are) is returned as
    /// it is, without hashing each tag.
    static func sortedWithoutDuplicates(_ tags: [Tag]) -> [Tag] {
        if zip(tags, tags.dropFirst()).allSatisfy({ $0 < $1 }) { return tags }
        return Array(Set(tags)).sorted()
    }
}
