import Foundation

/// What a listing shows of a note: everything but the body.
///
/// Exists so that listing many notes never has to load (or hold in memory) their bodies.
public struct NoteSummary: Hashable, Sendable {
    public let id: NoteID
    public let title: String
    public let tags: [Tag]
    public let created: Date
    public let updated: Date
    public let revision: Int
    public let isDeleted: Bool

    public init(id: NoteID, title: String, tags: [Tag], created: Date, updated: Date, revision: Int, isDeleted: Bool) {
        self.id = id
        self.title = title
        self.tags = tags
        self.created = created
        self.updated = updated
        self.revision = revision
        self.isDeleted = isDeleted
    }
}

extension NoteSummary {
    /// Newest first, then by ID so that the order is total and stable.
    public static func newestFirst(_ lhs: NoteSummary, _ rhs: NoteSummary) -> Bool {
        lhs.updated != rhs.updated ? lhs.updated > rhs.updated : lhs.id < rhs.id
    }
}
