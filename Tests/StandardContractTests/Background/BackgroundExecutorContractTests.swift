import Foundation
import StandardAdapters
import StandardInterfaces
import StandardTesting
import Testing

/// What every `BackgroundExecutor` must do, run against the live executor and the test one.
@Suite("BackgroundExecutor contract")
struct BackgroundExecutorContractTests {
    /// Every `BackgroundExecutor` implementation, and whether its threads run below the default priority.
    enum Implementation: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case dispatch
        case defaultPriority

        var testDescription: String { rawValue }

        func make() -> any BackgroundExecutor {
            switch self {
            case .dispatch: DispatchBackgroundExecutor(label: "BackgroundExecutorContractTests")
            case .defaultPriority: DefaultPriorityExecutor()
            }
        }

        var runsBelowDefaultPriority: Bool { self == .dispatch }
    }

    @Test("A task that prefers it runs its child tasks and returns their results", arguments: Implementation.allCases)
    func runsTasksAndTheirChildren(_ implementation: Implementation) async throws {
        let executor = implementation.make()
        let sum = await withTaskExecutorPreference(executor) {
            await withTaskGroup(of: Int.self) { group in
                for number in 1...100 { group.addTask { number } }
                return await group.reduce(0, +)
            }
        }
        #expect(sum == 5050)
        let failing = Task(executorPreference: executor) { () throws -> Int in throw CancellationError() }
        await #expect(throws: CancellationError.self) { try await failing.value }
    }

    @Test("Its threads, those of child tasks too, run below the caller's priority exactly when it says so", arguments: Implementation.allCases)
    func priority(_ implementation: Implementation) async {
        let executor = implementation.make()
        let caller = Self.niceness()
        let (own, children) = await Task(executorPreference: executor) {
            let children = await withTaskGroup(of: Int32.self) { group in
                for _ in 0..<8 { group.addTask { Self.niceness() } }
                return await group.reduce(into: []) { $0.append($1) }
            }
            return (Self.niceness(), children)
        }.value
        #expect((own > caller) == implementation.runsBelowDefaultPriority, "nice \(own) on it, \(caller) in the caller")
        #expect(children.allSatisfy { $0 == own }, "child tasks at nice \(children), the task at \(own)")
    }

    /// The calling thread's nice value (on Linux, `PRIO_PROCESS` of 0 is the calling thread).
    private static func niceness() -> Int32 {
        getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0)
    }
}
