import QuillModels
import SearchIndexInterface
import Synchronization

/// An index that throws a chosen error from chosen operations and otherwise forwards to
/// another index: for testing that a failing or damaged index is reported or rebuilt.
public final class FailingSearchIndex: SearchIndex {
    /// The operations that can be made to fail.
    public enum Operation: Hashable, Sendable {
        case read, apply, search, removeAll
    }

    private let base: any SearchIndex
    private let failures: Mutex<[Operation: SearchIndexError]>

    public init(wrapping base: any SearchIndex, failing failures: [Operation: SearchIndexError] = [:]) {
        self.base = base
        self.failures = Mutex(failures)
    }

    /// Changes which operations fail, e.g. to let a rebuild succeed.
    public func setFailure(_ error: SearchIndexError?, for operation: Operation) {
        failures.withLock { $0[operation] = error }
    }

    public func cursor() async throws -> JournalCursor? {
        try check(.read)
        return try await base.cursor()
    }

    public func revisions(of ids: [NoteID]) async throws -> [NoteID: Int] {
        try check(.read)
        return try await base.revisions(of: ids)
    }

    public func indexedIDs() async throws -> Set<NoteID> {
        try check(.read)
        return try await base.indexedIDs()
    }

    public func apply(_ batch: SearchIndexBatch, expected: JournalCursor?, next: JournalCursor, moreToFollow: Bool) async throws -> Bool {
        try check(.apply)
        return try await base.apply(batch, expected: expected, next: next, moreToFollow: moreToFollow)
    }

    public func search(_ query: SearchQuery, limit: Int?) async throws -> [NoteSummary] {
        try check(.search)
        return try await base.search(query, limit: limit)
    }

    public func removeAll() async throws {
        try check(.removeAll)
        try await base.removeAll()
    }

    private func check(_ operation: Operation) throws(SearchIndexError) {
        if let error = failures.withLock({ $0[operation] }) { throw error }
    }
}
