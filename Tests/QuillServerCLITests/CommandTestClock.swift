import Foundation

/// The instant the command tests' clocks start at: 2026-01-01T00:00:00Z.
enum CommandTestClock {
    static let now = Date(timeIntervalSince1970: 1_767_225_600)
}
