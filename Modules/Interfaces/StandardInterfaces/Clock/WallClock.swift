import Foundation

/// Tells the current time.
///
/// Exists so that nothing that stamps a note depends on the real clock: tests and
/// previews pass a fixed one and get the same output every run. Readings may step backwards
/// (the system clock is set, or adjusted by NTP), so nothing may rely on their order:
/// `Note.revised(at:)` keeps a note's `updated` at or after its `created` whatever the clock says.
public protocol WallClock: Sendable {
    func now() -> Date
}
