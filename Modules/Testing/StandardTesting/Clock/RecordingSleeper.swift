import StandardInterfaces

/// A `Sleeping` that remembers how long it was asked to wait and waits a thousandth of that
/// (or not at all).
///
/// Exists so that retry tests run instantly and can check the backoff schedule, and so that a
/// loop that waits between rounds (a watcher's reconnection, its polling) still yields time to
/// the rest of the test instead of spinning.
public actor RecordingSleeper: Sleeping {
    public private(set) var delays: [Duration] = []
    private let scale: Double

    /// `realTimeScale`: the fraction of each delay really waited (0: none).
    public init(realTimeScale scale: Double = 0) {
        self.scale = scale
    }

    public func sleep(for duration: Duration) async throws {
        delays.append(duration)
        if scale > 0 { try await Task.sleep(for: duration * scale) }
    }
}
