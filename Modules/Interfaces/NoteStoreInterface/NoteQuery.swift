import QuillModels

/// The filters `NoteReading.list` understands.
public struct NoteQuery: Hashable, Sendable {
    public var tag: Tag?
    public var limit: Int?
    public var includeDeleted: Bool

    public init(tag: Tag? = nil, limit: Int? = nil, includeDeleted: Bool = false) {
        self.tag = tag
        self.limit = limit
        self.includeDeleted = includeDeleted
    }

    /// Whether a note passes the tag and deletion filters (the limit is applied after sorting).
    public func matches(_ summary: NoteSummary) -> Bool {
        (includeDeleted || !summary.isDeleted) && (tag.map { summary.tags.contains($0) } ?? true)
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
