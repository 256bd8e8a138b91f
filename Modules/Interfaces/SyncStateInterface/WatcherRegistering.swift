import Foundation

/// The `quill sync --watch` running on a home: which process, since when.
public struct WatcherRecord: Hashable, Sendable, Codable {
    public let processID: Int32
    public let started: Date

    public init(processID: Int32, started: Date) {
        self.processID = processID
        self.started = started
    }
}

/// Whether a watcher runs on this home, told to `quill status`, and the rule that one home has
/// at most one.
///
/// Exists so that a second `quill sync --watch` on the same home is refused rather than racing
/// the first, and so that a watcher killed with SIGKILL is not reported as running: the live
/// adapter holds an `flock(2)` that the kernel drops with the process.
public protocol WatcherRegistering: Sendable {
    /// Runs `body` as the home's watcher, recorded as this process, started at `started`, until
    /// it returns. Throws `WatcherRegistryError.alreadyWatching` with the other's record if one runs.
    func whileWatching<T: Sendable>(started: Date, _ body: () async throws -> T) async throws -> T
    /// The watcher running now, if any.
    func current() async throws -> WatcherRecord?
}

/// Why this process cannot be the home's watcher.
public enum WatcherRegistryError: Error, Hashable, Sendable, CustomStringConvertible {
    case alreadyWatching(WatcherRecord)

    public var description: String {
        switch self {
        case .alreadyWatching(let record):
            "another 'quill sync --watch' (process \(record.processID)) is already watching this home; stop it first"
        }
    }
}
