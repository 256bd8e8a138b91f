import StandardInterfaces
import StandardTesting
import Testing

/// What every `StopRequesting` must do: wake the waiting task when a stop is asked for, and let
/// a cancelled task go.
///
/// Run on the double only. `SignalStopRequests` takes SIGINT and SIGTERM, whose dispositions
/// belong to the whole process, and other suites in this test process take them too (an
/// in-process server's service lifecycle); it is tested where it is used, in the real `quill`
/// under a pseudo-terminal (`Tests/SyncEndToEndTests/WatchEndToEndTests.swift`: Ctrl-C typed
/// into the terminal, and SIGTERM).
@Suite("StopRequesting contract")
struct StopRequestingContractTests {
    @Test("A waiting task wakes when a stop is asked for, and a later wait returns at once")
    func wakes() async throws {
        let stops = ManualStopRequests()
        let woke = await withTaskGroup(of: Bool.self) { group in
            group.addTask { await stops.stopRequested(); return !Task.isCancelled }
            group.addTask { try? await Task.sleep(for: .seconds(10)); return false }
            stops.requestStop()
            defer { group.cancelAll() }
            return await group.next() ?? false
        }
        #expect(woke)
        await stops.stopRequested()
    }

    @Test("A cancelled wait returns without a stop")
    func cancelled() async {
        let stops = ManualStopRequests()
        let waiting = Task { await stops.stopRequested() }
        waiting.cancel()
        await waiting.value
    }
}
