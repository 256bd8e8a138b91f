import StandardInterfaces
import SyncTransportInterface

/// How often and how patiently a request is retried.
///
/// Exponential backoff with jitter: the n-th retry waits a random time between half and
/// all of `min(maximumDelay, initialDelay * 2^n)`, so many clients that failed together do
/// not come back together.
public struct RetryPolicy: Hashable, Sendable {
    public var maximumAttempts: Int
    public var initialDelay: Duration
    public var maximumDelay: Duration

    public init(maximumAttempts: Int, initialDelay: Duration, maximumDelay: Duration) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.initialDelay = initialDelay
        self.maximumDelay = maximumDelay
    }

    /// What `quill sync` uses: 6 attempts, 200 ms doubling up to 5 s.
    public static let standard = RetryPolicy(maximumAttempts: 6, initialDelay: .milliseconds(200), maximumDelay: .seconds(5))

    /// The wait before retry number `retry` (0 for the first retry), given a random number.
    public func delay(beforeRetry retry: Int, random: UInt64) -> Duration {
        let ceiling = min(maximumDelay, initialDelay * Double(1 << min(retry, 30)))
        let fraction = 0.5 + 0.5 * Double(random >> 11) / Double(1 << 53)
        return ceiling * fraction
    }
}

/// Runs a transport call under a `RetryPolicy`: retries only what `SyncError.isRetryable` allows.
struct Retrier: Sendable {
    let policy: RetryPolicy
    let sleeper: any Sleeping
    let random: any RandomSource

    /// Runs `operation` until it succeeds, fails in a way not worth retrying, or runs out of
    /// attempts. It runs in the caller's task and isolation, so it may carry state from one
    /// attempt to the next (how far a stream got).
    nonisolated(nonsending) func run<T>(_ operation: () async throws -> T) async throws -> T {
        var retry = 0
        while true {
            do {
                return try await operation()
            } catch let error as SyncError where error.isRetryable && retry + 1 < policy.maximumAttempts {
                try await sleeper.sleep(for: policy.delay(beforeRetry: retry, random: random.nextUInt64()))
                retry += 1
            }
        }
    }
}
