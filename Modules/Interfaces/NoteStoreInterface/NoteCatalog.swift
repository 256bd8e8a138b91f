import Foundation
import QuillModels

/// Which notes a walk over the whole store visits (an export), without their summaries.
///
/// Exists so that walking 100,000 notes needs only their IDs in memory: a store that can
/// answer from a lean scan (the file store's index) does so, instead of materializing every
/// summary as `list` must.
public struct NoteCatalog: Hashable, Sendable {
    /// IDs of the notes `list` would return for the same query (limit aside), in ID order.
    public var ids: [NoteID]
    /// The newest `updated` among them; `nil` if there are none.
    public var newestUpdate: Date?
    /// What the store could not read (as in `NoteListing`).
    public var problems: [StoreProblem]

    public init(ids: [NoteID], newestUpdate: Date?, problems: [StoreProblem] = []) {
        self.ids = ids
        self.newestUpdate = newestUpdate
        self.problems = problems
    }

    /// The catalog of a complete listing.
    public init(listing: NoteListing) {
        self.init(ids: listing.notes.map(\.id).sorted(), newestUpdate: listing.notes.map(\.updated).max(),
                  problems: listing.problems)
    }
}

extension NoteStore {
    /// From `list`: right for stores whose listing is cheap (memory, tests); the file store
    /// answers from a lean scan of its index instead.
    public func catalog(_ query: NoteQuery) async throws -> NoteCatalog {
        try await catalogFromListing(query)
    }

    /// The catalog built from a complete `list`: the default, and a store's fallback.
    public func catalogFromListing(_ query: NoteQuery) async throws -> NoteCatalog {
        var unlimited = query
        unlimited.limit = nil
        return NoteCatalog(listing: try await list(unlimited))
    }
}
