import Foundation
import SyncStateInterface
import Testing

@Suite("WatcherRegistering contract", .scratchDirectory)
struct WatcherRegisteringContractTests {
    @Test("No watcher at first; while one watches, it is recorded with this process and its start; after, none again",
          arguments: Implementation.allCases)
    func recordsTheWatcher(_ implementation: Implementation) async throws {
        let (registry, other) = try implementation.watcherRegistries()
        #expect(try await other.current() == nil)
        let started = Date(millisecondsSince1970: 1_795_000_000_123)
        let seen = try await registry.whileWatching(started: started) { try await other.current() }
        #expect(seen == WatcherRecord(processID: getpid(), started: started))
        #expect(try await other.current() == nil)
    }

    @Test("A second watcher is refused with the first one's record, and the first keeps its place", arguments: Implementation.allCases)
    func oneAtATime(_ implementation: Implementation) async throws {
        let (registry, other) = try implementation.watcherRegistries()
        let started = Date(millisecondsSince1970: 1_795_000_000_000)
        try await registry.whileWatching(started: started) {
            await #expect(throws: WatcherRegistryError.alreadyWatching(WatcherRecord(processID: getpid(), started: started))) {
                try await other.whileWatching(started: started.addingTimeInterval(5)) {}
            }
            let current = try await other.current()
            #expect(current?.started == started)
        }
    }

    @Test("A watcher that fails still leaves the place free", arguments: Implementation.allCases)
    func failingWatcherLeaves(_ implementation: Implementation) async throws {
        let (registry, other) = try implementation.watcherRegistries()
        await #expect(throws: CancellationError.self) {
            try await registry.whileWatching(started: Date()) { throw CancellationError() }
        }
        #expect(try await other.current() == nil)
    }
}
