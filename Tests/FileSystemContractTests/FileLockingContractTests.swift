import ChildProcesses
import Foundation
import FileSystemInterface
import FileSystemTesting
import LocalFileSystem
import ScratchDirectories
import Synchronization
import Testing

extension FileLockingContractTests {
    /// Every `FileLocking` implementation, with a lock path it can use.
    enum Implementation: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case flock
        case inMemory

        var testDescription: String { rawValue }

        func make() throws -> (locks: any FileLocking, path: String) {
            switch self {
            case .flock:
                return (FlockLocking(), try Scratch.directory("lock") + "/lock")
            case .inMemory:
                return (InMemoryLocking(), "/lock")
            }
        }
    }
}

@Suite("FileLocking contract", .scratchDirectory)
struct FileLockingContractTests {
    /// Counts how many holders are inside at once, and the most ever seen.
    final class Occupancy: Sendable {
        let state = Mutex((inside: 0, most: 0))
        func enter() { state.withLock { $0.inside += 1; $0.most = max($0.most, $0.inside) } }
        func leave() { state.withLock { $0.inside -= 1 } }
        var most: Int { state.withLock { $0.most } }
    }

    @Test(arguments: Implementation.allCases)
    func exclusiveHoldersNeverOverlap(fixture: Implementation) async throws {
        let (locks, path) = try fixture.make()
        let occupancy = Occupancy()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    try await locks.withLock(at: path, exclusive: true) {
                        occupancy.enter()
                        try await Task.sleep(for: .milliseconds(2))
                        occupancy.leave()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(occupancy.most == 1)
    }

    @Test(arguments: Implementation.allCases)
    func sharedHoldersMayOverlap(fixture: Implementation) async throws {
        let (locks, path) = try fixture.make()
        let occupancy = Occupancy()
        // Each holder stays inside until two holders are inside at once: if shared holders
        // excluded each other, the first would wait alone, and the bound fails the test.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    try await locks.withLock(at: path, exclusive: false) {
                        occupancy.enter()
                        defer { occupancy.leave() }
                        try await BoundedWait.until("a second shared holder is inside with this one", within: .seconds(20)) {
                            occupancy.most > 1
                        }
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(occupancy.most > 1)
    }

    @Test(arguments: Implementation.allCases)
    func theLockIsReleasedWhenTheBodyThrows(fixture: Implementation) async throws {
        struct Boom: Error {}
        let (locks, path) = try fixture.make()
        await #expect(throws: Boom.self) {
            try await locks.withLock(at: path, exclusive: true) { throw Boom() }
        }
        let value = try await locks.withLock(at: path, exclusive: true) { 42 }
        #expect(value == 42)
    }
}
