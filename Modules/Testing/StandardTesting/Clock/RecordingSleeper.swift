import StandardInterfaces

/// A `Sleeping` that returns at once and remembers how long it was asked to wait.
///
/// Exists so that retry tests run instantly and can check the backoff schedule.
public actor RecordingSleeper: Sleeping {
    public private(set) var delays: [Duration] = []

    public init() {}

    public func sleep(for duration: Duration) async throws {
        delays.append(duration)
    }
}
