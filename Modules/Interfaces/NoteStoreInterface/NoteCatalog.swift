import Foundation
import QuillModels

/// One page of the notes a walk over the whole store visits (an export): IDs only, in ID
/// order, a bounded number at a time.
///
/// Exists so that walking any number of notes needs a bounded amount of memory: a store
/// that can answer from a lean scan (the file store's index) does so, page by page, instead
/// of materializing every summary as `list` must.
public struct NoteCatalog: Hashable, Sendable {
    /// IDs of notes `list` would return for the same query (limit aside), in ID order.
    public var ids: [NoteID]
    /// The newest `updated` among them; `nil` if there are none.
    public var newestUpdate: Date?
    /// Where the next page starts (pass it as `after`); `nil` if this page is the last.
    public var resumeAfter: NoteID?
    /// What the store could not read (as in `NoteListing`).
    public var problems: [StoreProblem]

    public init(ids: [NoteID], newestUpdate: Date?, resumeAfter: NoteID? = nil, problems: [StoreProblem] = []) {
        self.ids = ids
        self.newestUpdate = newestUpdate
        self.resumeAfter = resumeAfter
        self.problems = problems
    }
}

extension NoteReading {
    /// From `list`: right for stores whose listing is cheap (memory, tests); the file store
    /// answers from a lean scan of its index instead.
    public func catalog(_ query: NoteQuery, after: NoteID?, limit: Int) async throws -> NoteCatalog {
        try await catalogFromListing(query, after: after, limit: limit)
    }

    /// The page cut from a complete `list`: the default, and a store's fallback.
    public func catalogFromListing(_ query: NoteQuery, after: NoteID?, limit: Int) async throws -> NoteCatalog {
        var unlimited = query
        unlimited.limit = nil
        let listing = try await list(unlimited)
        let following = listing.notes.filter { summary in after.map { summary.id > $0 } ?? true }.sorted { $0.id < $1.id }
        let page = following.prefix(max(limit, 1))
        return NoteCatalog(ids: page.map(\.id), newestUpdate: page.map(\.updated).max(),
                           resumeAfter: following.count > page.count ? page.last?.id : nil, problems: listing.problems)
    }
}
