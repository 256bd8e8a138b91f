import StandardAdapters
import StandardInterfaces
import StandardTesting
import Testing

/// What every `Sleeping` must do, run against the real sleeper and the recording fake.
@Suite("Sleeping contract")
struct SleepingContractTests {
    /// Every `Sleeping` implementation.
    enum Implementation: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case task
        case recording

        var testDescription: String { rawValue }

        func make() -> any Sleeping {
            switch self {
            case .task: TaskSleeper()
            case .recording: RecordingSleeper()
            }
        }
    }

    @Test("Short and zero sleeps return without an error", arguments: Implementation.allCases)
    func shortSleepsReturn(_ implementation: Implementation) async throws {
        let sleeper = implementation.make()
        try await sleeper.sleep(for: .milliseconds(1))
        try await sleeper.sleep(for: .zero)
    }
}
