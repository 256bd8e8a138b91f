import Foundation

/// A note: the one thing Quill keeps.
///
/// A plain value, valid by construction: the initializer checks every limit, so a `Note`
/// that exists anywhere in the program (decoded from disk, received over HTTP, read from
/// an archive) is known to be well formed. Deletion is a tombstone (`isDeleted`) so that
/// sync can propagate it.
public struct Note: Hashable, Sendable {
    public let id: NoteID
    public private(set) var title: String
    public private(set) var body: String
    public private(set) var tags: [Tag]
    public let created: Date
    public private(set) var updated: Date
    public private(set) var revision: Int
    public private(set) var isDeleted: Bool

    public init(
        id: NoteID, title: String, body: String, tags: [Tag],
        created: Date, updated: Date, revision: Int = 1, isDeleted: Bool = false
    ) throws(NoteValidationError) {
        self.id = id
        self.title = try Note.validatedTitle(title)
        self.body = try Note.validatedBody(body)
        self.tags = try Note.validatedTags(tags)
        self.created = created.roundedToMilliseconds
        self.updated = updated.roundedToMilliseconds
        guard revision >= 1 else { throw .invalidRevision(revision) }
        self.revision = revision
        self.isDeleted = isDeleted
    }

    /// The next revision of this note with the given changes applied.
    public func revised(
        title: String? = nil, body: String? = nil, tags: [Tag]? = nil, at date: Date
    ) throws(NoteValidationError) -> Note {
        var next = self
        if let title { next.title = try Note.validatedTitle(title) }
        if let body { next.body = try Note.validatedBody(body) }
        if let tags { next.tags = try Note.validatedTags(tags) }
        next.isDeleted = false
        next.stamp(date)
        return next
    }

    /// The tombstone that replaces this note when it is deleted.
    public func deleted(at date: Date) -> Note {
        var next = self
        next.isDeleted = true
        next.stamp(date)
        return next
    }

    /// This note as stored at another revision, e.g. the one a server assigned.
    public func withRevision(_ revision: Int) throws(NoteValidationError) -> Note {
        guard revision >= 1 else { throw .invalidRevision(revision) }
        var next = self
        next.revision = revision
        return next
    }

    /// Whether two notes say the same thing, ignoring bookkeeping (revision, timestamps).
    public func hasSameContent(as other: Note) -> Bool {
        title == other.title && body == other.body && tags == other.tags && isDeleted == other.isDeleted
    }

    public var summary: NoteSummary {
        NoteSummary(id: id, title: title, tags: tags, created: created, updated: updated,
                    revision: revision, isDeleted: isDeleted)
    }

    private mutating func stamp(_ date: Date) {
        updated = max(date.roundedToMilliseconds, created)
        revision += 1
    }

    static func validatedTitle(_ title: String) throws(NoteValidationError) -> String {
        if isPlainASCIITitle(title) { return title }
        let trimmed = title.trimmingUnicodeScalars(where: \.isSpaceWithinALine)
        guard !trimmed.isEmpty else { throw .emptyTitle }
        guard !trimmed.contains(where: \.isNewline) else { throw .titleHasLineBreak }
        guard trimmed.count <= NoteLimits.maximumTitleCharacters else { throw .titleTooLong(characters: trimmed.count) }
        return trimmed
    }

    /// The common case, checked cheaply: printable ASCII, no surrounding space, within the limit.
    private static func isPlainASCIITitle(_ title: String) -> Bool {
        let bytes = title.utf8
        guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20,
              bytes.count <= NoteLimits.maximumTitleCharacters else { return false }
        return bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7f }
    }

    static func validatedBody(_ body: String) throws(NoteValidationError) -> String {
        guard body.utf8.count <= NoteLimits.maximumBodyBytes else { throw .bodyTooLarge(bytes: body.utf8.count) }
        return body
    }

    static func validatedTags(_ tags: [Tag]) throws(NoteValidationError) -> [Tag] {
        let unique = Tag.sortedWithoutDuplicates(tags)
        guard unique.count <= NoteLimits.maximumTags else { throw .tooManyTags(unique.count) }
        return unique
    }
}

extension Date {
    /// Quill keeps time to the millisecond so that every format it writes round-trips exactly.
    public var roundedToMilliseconds: Date {
        Date(timeIntervalSince1970: (timeIntervalSince1970 * 1000).rounded() / 1000)
    }

    public var millisecondsSince1970: Int64 { Int64((timeIntervalSince1970 * 1000).rounded()) }

    public init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }
}
