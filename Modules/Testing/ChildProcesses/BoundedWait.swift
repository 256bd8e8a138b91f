/// Waits for something another task or process does, for at most a bounded time: a test that
/// waits must end, and when it fails it must say what it waited for.
public enum BoundedWait {
    /// What `until` throws when the condition did not come true in time.
    public struct TimedOut: Error, CustomStringConvertible {
        public let description: String
    }

    /// Returns once `condition` holds, checking it every `interval`; throws `TimedOut`, naming
    /// `what`, if it still does not after `limit`.
    public static func until(
        _ what: String, within limit: Duration = .seconds(30), checkingEvery interval: Duration = .milliseconds(5),
        _ condition: () async throws -> Bool
    ) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        while try await !condition() {
            guard clock.now < deadline else { throw TimedOut(description: "timed out after \(limit) waiting until \(what)") }
            try await Task.sleep(for: interval)
        }
    }
}
