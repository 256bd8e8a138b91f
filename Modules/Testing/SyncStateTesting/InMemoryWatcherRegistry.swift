import Foundation
import Synchronization
import SyncStateInterface

/// A `WatcherRegistering` in memory: one watcher at a time, within one process.
public final class InMemoryWatcherRegistry: WatcherRegistering {
    private let running: Mutex<WatcherRecord?>
    /// The process ID a watcher started here is recorded with.
    private let processID: Int32

    public init(running: WatcherRecord? = nil, processID: Int32 = 4242) {
        self.running = Mutex(running)
        self.processID = processID
    }

    public func whileWatching<T: Sendable>(started: Date, _ body: () async throws -> T) async throws -> T {
        let record = WatcherRecord(processID: processID, started: started)
        let other = running.withLock { running in
            if let running { return Optional(running) }
            running = record
            return nil
        }
        if let other { throw WatcherRegistryError.alreadyWatching(other) }
        defer { running.withLock { $0 = nil } }
        return try await body()
    }

    public func current() async throws -> WatcherRecord? { running.withLock { $0 } }
}
