import Foundation

/// The one definition of a valid note: every rule a title, a body and a tag obey.
///
/// Exists so that every door (`quill add` and `quill edit`, the API's create and replace, push,
/// archive import) and every store's read path (file store, in-memory fakes, SQLite, PostgreSQL)
/// apply the same rules: `Note.init` and `Tag.init` call these functions and nothing else
/// decides, so whatever a door accepts a read path reads back. The rules, exactly:
///
/// - **Title**: leading and trailing characters of Unicode category Zs and tab (U+0009) are
///   removed. What remains must be non-empty, must not contain a line break (U+000A–U+000D,
///   U+0085, U+2028, U+2029, or CR LF), and must have at most `NoteLimits.maximumTitleCharacters`
///   (256) characters (extended grapheme clusters).
/// - **Body**: any text of at most `NoteLimits.maximumBodyBytes` (1 MiB) of UTF-8, kept exactly.
/// - **Tag**: leading and trailing Unicode white space (White_Space property) is removed, then the
///   text is lowercased (Unicode default case mapping, so e.g. "İ" becomes "i̇" and the Kelvin sign
///   "K" becomes "k"). What remains must be non-empty, must contain no White_Space scalar and no
///   comma (U+002C) anywhere, and must have at most `Tag.maximumLength` (64) characters. A
///   normalized tag normalizes to itself, byte for byte.
/// - **Dates** (created, updated): rounded to milliseconds, within the years 0000 to 9999
///   (`Timestamp.writable`), which is what every format writes and reads back.
/// - **Tags of a note**: sorted and without duplicates (canonically equivalent tags, such as "é"
///   and "e\u{301}", are one tag), at most `NoteLimits.maximumTags` (64).
public enum NoteValidation {
    /// The title as stored, or why it is refused.
    public static func title(_ title: String) throws(NoteValidationError) -> String {
        if isPlainASCIITitle(title) { return title }
        // Scalars, not characters: a space after a prepended mark (U+0600…) is inside its character.
        let trimmed = title.trimmingUnicodeScalars(where: \.isSpaceWithinALine)
        guard !trimmed.isEmpty else { throw .emptyTitle }
        guard !trimmed.contains(where: \.isNewline) else { throw .titleHasLineBreak }
        guard trimmed.count <= NoteLimits.maximumTitleCharacters else { throw .titleTooLong(characters: trimmed.count) }
        return trimmed
    }

    /// The body as stored (unchanged), or why it is refused.
    public static func body(_ body: String) throws(NoteValidationError) -> String {
        guard body.utf8.count <= NoteLimits.maximumBodyBytes else { throw .bodyTooLarge(bytes: body.utf8.count) }
        return body
    }

    /// The date as stored (rounded to milliseconds), or why it is refused.
    public static func date(_ date: Date) throws(NoteValidationError) -> Date {
        let rounded = date.roundedToMilliseconds
        guard Timestamp.writable.contains(rounded) else { throw .dateOutOfRange(Timestamp(rounded).description) }
        return rounded
    }

    /// The tag as stored (trimmed, in lower case as `CaseFolding.lowercased` gives it), or why it
    /// is refused.
    public static func tag(_ text: String) throws(NoteValidationError) -> String {
        if isNormalizedASCIITag(text) { return text }
        let normalized = composed(CaseFolding.lowercased(text.trimmingUnicodeScalars(where: \.properties.isWhitespace)))
        guard !normalized.isEmpty else { throw .emptyTag }
        guard !normalized.unicodeScalars.contains(where: isTagSeparator) else { throw .tagContainsSpace(text) }
        guard normalized.count <= Tag.maximumLength else { throw .tagTooLong(text) }
        return normalized
    }

    /// Text canonically composed (NFC), so that a tag typed or pasted decomposed (as macOS names
    /// files) is stored and compared as the same bytes as the one typed composed, and so is a
    /// file's path where a folder import tells its files apart. Composed
    /// from its decomposition: Foundation's composition of text already partly composed leaves some
    /// pairs apart (a Hangul syllable and a following final jamo). Text holding an unassigned or
    /// private-use scalar beyond the Basic Multilingual Plane is kept as it is: Foundation composes
    /// such a scalar as the one of its low 16 bits (U+F0041 U+0301 became U+00C1). Both found by
    /// the property test of tags.
    public static func composed(_ text: String) -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) || holdsScalarCompositionMisreads(text) { return text }
        return text.decomposedStringWithCanonicalMapping.precomposedStringWithCanonicalMapping
    }

    /// Whether `text` holds a scalar Foundation's composition misreads: unassigned or private use,
    /// beyond the Basic Multilingual Plane.
    static func holdsScalarCompositionMisreads(_ text: String) -> Bool {
        text.unicodeScalars.contains { scalar in
            scalar.value > 0xFFFF && [.unassigned, .privateUse].contains(scalar.properties.generalCategory)
        }
    }

    /// A note's tags as stored (sorted, without duplicates), or why they are refused.
    public static func tags(_ tags: [Tag]) throws(NoteValidationError) -> [Tag] {
        let unique = Tag.sortedWithoutDuplicates(tags)
        guard unique.count <= NoteLimits.maximumTags else { throw .tooManyTags(unique.count) }
        return unique
    }

    /// The scalars a tag never contains: White_Space ones and the comma. Stores rely on this to
    /// join a note's tags with a space (or a comma) and split them again (`Tag.joined`).
    public static func isTagSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == ","
    }

    /// The common title, checked cheaply: printable ASCII, no surrounding space, within the limit.
    private static func isPlainASCIITitle(_ title: String) -> Bool {
        let bytes = title.utf8
        guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20,
              bytes.count <= NoteLimits.maximumTitleCharacters else { return false }
        return bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7f }
    }

    /// The common tag, checked cheaply: short, ASCII, no upper case, no space or comma.
    private static func isNormalizedASCIITag(_ text: String) -> Bool {
        let bytes = text.utf8
        guard !bytes.isEmpty, bytes.count <= Tag.maximumLength else { return false }
        return bytes.allSatisfy { byte in
            byte > 0x20 && byte < 0x7f && byte != UInt8(ascii: ",") && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
    }
}

/// The limits every note obeys, in one place.
public enum NoteLimits {
    public static let maximumTitleCharacters = 256
    public static let maximumBodyBytes = 1 << 20
    public static let maximumTags = 64
}
