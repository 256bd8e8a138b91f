import StandardInterfaces

/// The live `Sleeping`: really waits (cancellable), with `Task.sleep`.
public struct TaskSleeper: Sleeping {
    public init() {}

    public func sleep(for duration: Duration) async throws {
        try await Task.sleep(for: duration)
    }
}
