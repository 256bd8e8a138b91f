import QuillModels
import SyncStateInterface

/// Keeps base revisions in memory: the fake behind `BaseRevisionStoring`.
public actor InMemoryBaseRevisionStore: BaseRevisionStoring {
    private var revisions: [NoteID: Int] = [:]

    public init() {}

    public func baseRevisions(of ids: [NoteID]) async throws -> [NoteID: Int] {
        var found: [NoteID: Int] = [:]
        for id in ids { found[id] = revisions[id] }
        return found
    }

    public func record(_ recorded: [NoteID: Int]) async throws {
        revisions.merge(recorded, uniquingKeysWith: max)
    }

    public func reset() async throws { revisions = [:] }
}
