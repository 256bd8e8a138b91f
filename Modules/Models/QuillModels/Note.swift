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
        self.title = try NoteValidation.title(title)
        self.body = try NoteValidation.body(body)
        self.tags = try NoteValidation.tags(tags)
        self.created = try NoteValidation.date(created)
        self.updated = try NoteValidation.date(updated)
        guard revision >= 1 else { throw .invalidRevision(revision) }
        self.revision = revision
        self.isDeleted = isDeleted
    }

    /// The next revision of this note with the given changes applied.
    public func revised(
        title: String? = nil, body: String? = nil, tags: [Tag]? = nil, at date: Date
    ) throws(NoteValidationError) -> Note {
        var next = self
        if let title { next.title = try NoteValidation.title(title) }
        if let body { next.body = try NoteValidation.body(body) }
        if let tags { next.tags = try NoteValidation.tags(tags) }
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
