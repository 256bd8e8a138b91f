import Foundation
import StandardInterfaces

/// A clock that fails the test when read.
public struct UnimplementedClock: WallClock {
    public init() {}

    public func now() -> Date {
        _ = unimplemented("WallClock.now")
        return Date(timeIntervalSince1970: 0)
    }
}

/// A sleeper that fails the test when asked to wait.
public struct UnimplementedSleeper: Sleeping {
    public init() {}

    public func sleep(for duration: Duration) async throws { throw unimplemented("Sleeping.sleep") }
}
