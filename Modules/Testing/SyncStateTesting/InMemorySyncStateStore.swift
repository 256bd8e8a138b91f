import SyncStateInterface

/// Keeps the sync state in memory: the fake behind `SyncStateStoring`.
public actor InMemorySyncStateStore: SyncStateStoring {
    private var state: SyncState
    /// How many times `save` was called.
    public private(set) var saveCount = 0

    public init(_ state: SyncState = SyncState()) { self.state = state }

    public func load() async throws -> SyncState { state }

    public func save(_ state: SyncState) async throws {
        self.state = state
        saveCount += 1
    }

    public func reset() async throws { state = SyncState() }
}
