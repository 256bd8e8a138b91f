/// Why a note's content was refused.
///
/// Exists so that every entry point (CLI, archive import, server) rejects bad input with
/// the same clear, user-facing words.
public enum NoteValidationError: Error, Equatable, Sendable, CustomStringConvertible {
    case emptyTitle
    case titleTooLong(characters: Int)
    case titleHasLineBreak
    case bodyTooLarge(bytes: Int)
    case emptyTag
    case tagContainsSpace(String)
    case tagTooLong(String)
    case tooManyTags(Int)
    case invalidRevision(Int)
    /// A created or updated date outside the years 0000 to 9999, as it would be written.
    case dateOutOfRange(String)

    public var description: String {
        switch self {
        case .emptyTitle: "the title is empty"
        case .titleTooLong(let count): "the title has \(count) characters; the limit is \(NoteLimits.maximumTitleCharacters)"
        case .titleHasLineBreak: "the title contains a line break"
        case .bodyTooLarge(let bytes): "the body is \(bytes) bytes; the limit is \(NoteLimits.maximumBodyBytes) bytes (1 MiB)"
        case .emptyTag: "a tag is empty"
        case .tagContainsSpace(let tag): "the tag '\(tag)' contains a space or comma"
        case .tagTooLong(let tag): "the tag '\(tag)' is longer than \(Tag.maximumLength) characters"
        case .tooManyTags(let count): "\(count) tags; the limit is \(NoteLimits.maximumTags)"
        case .invalidRevision(let revision): "revision \(revision) is not a positive number"
        case .dateOutOfRange(let date): "the date \(date) is outside the years 0000 to 9999"
        }
    }
}
