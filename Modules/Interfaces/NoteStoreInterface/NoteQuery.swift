import QuillModels

/// The filters `NoteReading.list` understands.
public struct NoteQuery: Hashable, Sendable {
    /// Which notes a query takes by their deletion: live ones (what `list` shows), every note, or
    /// the deleted ones only (the trash).
    public enum Deletion: Hashable, Sendable {
        case excluded, included, only
    }

    public var tag: Tag?
    public var limit: Int?
    public var deletion: Deletion

    public init(tag: Tag? = nil, limit: Int? = nil, includeDeleted: Bool = false) {
        self.init(tag: tag, limit: limit, deletion: includeDeleted ? .included : .excluded)
    }

    public init(tag: Tag? = nil, limit: Int? = nil, deletion: Deletion) {
        self.tag = tag
        self.limit = limit
        self.deletion = deletion
    }

    /// The deleted notes, newest deletion first.
    public static let trash = NoteQuery(deletion: .only)

    /// Whether a note passes the tag and deletion filters (the limit is applied after sorting).
    public func matches(_ summary: NoteSummary) -> Bool {
        passes(isDeleted: summary.isDeleted) && (tag.map { summary.tags.contains($0) } ?? true)
    }

    /// Whether a note deleted or not passes the deletion filter.
    public func passes(isDeleted: Bool) -> Bool {
        switch deletion {
        case .excluded: !isDeleted
        case .included: true
        case .only: isDeleted
        }
    }

    /// Sorts newest first and applies the limit: the one ordering every store must produce.
    public func arrange(_ summaries: [NoteSummary]) -> [NoteSummary] {
        // Sorts positions by precomputed keys rather than moving the summaries themselves:
        // this runs on every `quill list`, over every note.
        let times = summaries.map(\.updated.timeIntervalSince1970)
        var order = summaries.indices.filter { matches(summaries[$0]) }
        order.sort { left, right in
            times[left] != times[right] ? times[left] > times[right] : summaries[left].id < summaries[right].id
        }
        let kept = limit.map { order.prefix(max(0, $0)) } ?? order[...]
        return kept.map { summaries[$0] }
    }
}
