import Foundation
import StandardInterfaces

/// The real wall clock.
public struct SystemClock: WallClock {
    public init() {}

    public func now() -> Date { Date() }
}
