import Foundation
import StandardInterfaces
import Synchronization

/// A clock that starts at a fixed instant and moves forward by a fixed step each time it is
/// read, so that successive writes get distinct, predictable timestamps.
public final class SteppingClock: WallClock {
    private let current: Mutex<Date>
    private let step: TimeInterval

    public init(start: Date, step: TimeInterval = 1) {
        self.current = Mutex(start)
        self.step = step
    }

    public func now() -> Date {
        current.withLock { date in
            defer { date += step }
            return date
        }
    }

    /// Moves the clock on, as time passing between two commands.
    public func advance(by interval: TimeInterval) {
        current.withLock { $0 += interval }
    }
}

/// A clock that always says the same instant.
public struct FixedClock: WallClock {
    public let date: Date

    public init(_ date: Date) { self.date = date }

    public func now() -> Date { date }
}
