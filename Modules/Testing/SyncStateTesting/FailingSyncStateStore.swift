import SyncStateInterface

/// A `SyncStateStoring` that fails chosen saves: a process killed at that point.
///
/// Exists to prove crash safety: the engine must leave nothing half-done that the next
/// sync cannot finish (e.g. a page applied but its cursor not saved).
public actor FailingSyncStateStore: SyncStateStoring {
    /// The error a failing save throws.
    public struct InjectedCrash: Error, Equatable {}

    private let inner: any SyncStateStoring
    private let failsSave: @Sendable (Int) -> Bool
    private var saves = 0

    /// `failsSave(n)` says whether the n-th save (1-based) fails without saving anything.
    public init(wrapping inner: any SyncStateStoring, failsSave: @escaping @Sendable (Int) -> Bool) {
        self.inner = inner
        self.failsSave = failsSave
    }

    public func load() async throws -> SyncState { try await inner.load() }

    public func save(_ state: SyncState) async throws {
        saves += 1
        if failsSave(saves) { throw InjectedCrash() }
        try await inner.save(state)
    }

    public func reset() async throws { try await inner.reset() }
}
