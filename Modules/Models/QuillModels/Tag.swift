import Foundation

/// A normalized tag: trimmed, lowercased, canonically composed (NFC), without white space.
///
/// Exists so that "Work", " work " and "work" (and "café" typed composed or decomposed) are one
/// tag everywhere, and a tag with spaces inside is rejected at the edge instead of silently
/// split or mangled. The rules are `NoteValidation.tag(_:)`'s.
public struct Tag: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public static let maximumLength = 64

    public let rawValue: String

    public init(_ text: String) throws(NoteValidationError) {
        rawValue = try NoteValidation.tag(text)
    }

    public var description: String { rawValue }

    /// The forms a store may hold this tag in, for its queries to match: the tag itself, and its
    /// decomposed (NFD) form where that differs, which releases that kept a tag as typed wrote
    /// for a tag typed or pasted decomposed.
    public var storedForms: [String] {
        if rawValue.utf8.allSatisfy({ $0 < 0x80 }) { return [rawValue] }
        let decomposed = rawValue.decomposedStringWithCanonicalMapping
        return Array(decomposed.utf8) == Array(rawValue.utf8) ? [rawValue] : [rawValue, decomposed]
    }

    /// The order of the tags' bytes: a tag is composed (NFC), so that is the order of its scalars,
    /// and `==` (canonical equivalence) agrees with it. Not Swift's `String` `<`, which is no strict
    /// order on some text not in NFC ("e\u{301}" and "\u{E9}r": neither is less than the other).
    public static func < (lhs: Tag, rhs: Tag) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }

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

    /// The tags as one text, separated by `separator` (a scalar no tag contains, such as a space):
    /// how the databases keep a note's tags in one column.
    public static func joined(_ tags: [Tag], separator: Unicode.Scalar = " ") -> String {
        tags.map(\.rawValue).joined(separator: String(separator))
    }

    /// The tags of a `joined(_:separator:)` text, split on the separator *scalar*: splitting on
    /// characters would not find a space that a following combining mark or joiner (which a tag
    /// may start with) fuses into one character with it.
    public static func split(_ text: String, separator: Unicode.Scalar = " ") throws(NoteValidationError) -> [Tag] {
        var tags: [Tag] = []
        for piece in text.unicodeScalars.split(separator: separator) { tags.append(try Tag(String(piece))) }
        return tags
    }
}
