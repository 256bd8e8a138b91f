import Foundation

/// Tells the current time.
///
/// Exists so that nothing that stamps a note depends on the real clock: tests and
/// previews pass a fixed one and get the same output every run.
public protocol WallClock: Sendable {
    func now() -> Date
}
