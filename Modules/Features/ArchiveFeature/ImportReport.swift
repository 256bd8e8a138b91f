import QuillModels

/// What an import did (or, for a dry run or `verify`, would do), entry by entry.
public struct ImportReport: Hashable, Sendable {
    public enum Action: Hashable, Sendable {
        /// A note that was not in the store, added with its own ID (or a new one for plain Markdown).
        case added(entry: String, id: NoteID, title: String)
        /// The store already holds this note with the same content: left alone.
        case unchanged(entry: String, id: NoteID)
        /// The store holds a different note with this ID: both are kept, the incoming one as a copy.
        case copied(entry: String, original: NoteID, copy: NoteID, title: String)
    }

    public var actions: [Action]
    public var skippedEntries: [String]
    public var manifestVerified: Bool
    public var uncompressedBytes: Int64
    /// False for a dry run or a verification: nothing was written.
    public var applied: Bool

    public var addedCount: Int { actions.count { if case .added = $0 { true } else { false } } }
    public var unchangedCount: Int { actions.count { if case .unchanged = $0 { true } else { false } } }
    public var copiedCount: Int { actions.count { if case .copied = $0 { true } else { false } } }
}
