import QuillModels
import SearchIndexInterface

/// A search index every method of which fails the test: the default of the test root.
public struct UnimplementedSearchIndex: SearchIndex {
    public init() {}

    public func cursor() async throws -> JournalCursor? { throw unimplemented("SearchIndex.cursor") }
    public func revisions(of ids: [NoteID]) async throws -> [NoteID: Int] { throw unimplemented("SearchIndex.revisions(of:)") }
    public func indexedIDs() async throws -> Set<NoteID> { throw unimplemented("SearchIndex.indexedIDs") }
    public func apply(_ batch: SearchIndexBatch, expected: JournalCursor?, next: JournalCursor, moreToFollow: Bool) async throws -> Bool {
        throw unimplemented("SearchIndex.apply")
    }
    public func search(_ query: SearchQuery, limit: Int?) async throws -> [NoteSummary] { throw unimplemented("SearchIndex.search") }
    public func removeAll() async throws { throw unimplemented("SearchIndex.removeAll") }
}

/// A search index source every method of which fails the test: the default of the test root.
public struct UnimplementedSearchIndexSource: SearchIndexSource {
    public init() {}

    public func journal(after cursor: JournalCursor?, limit: Int) async throws -> JournalPage {
        throw unimplemented("SearchIndexSource.journal(after:limit:)")
    }
    public func notes(_ ids: [NoteID]) async throws -> [Note] { throw unimplemented("SearchIndexSource.notes") }
}

/// A link index every method of which fails the test: the default of the test root.
public struct UnimplementedLinkIndex: LinkIndex {
    public init() {}

    public func links(from id: NoteID) async throws -> [ResolvedLink] { throw unimplemented("LinkIndex.links(from:)") }
    public func backlinks(to id: NoteID) async throws -> [ResolvedLink] { throw unimplemented("LinkIndex.backlinks(to:)") }
    public func links(_ selection: LinkSelection) async throws -> [ResolvedLink] { throw unimplemented("LinkIndex.links(_:)") }
}

/// An attachment index every method of which fails the test: the default of the test root.
public struct UnimplementedAttachmentIndex: AttachmentIndex {
    public init() {}

    public func notesReferringToAttachments() async throws -> [NoteSummary] {
        throw unimplemented("AttachmentIndex.notesReferringToAttachments()")
    }
}
