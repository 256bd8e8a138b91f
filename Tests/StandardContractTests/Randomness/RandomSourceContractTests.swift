import StandardAdapters
import StandardInterfaces
import StandardTesting
import Testing

/// What every `RandomSource` must do, run against the system's generator and the seeded fake.
@Suite("RandomSource contract")
struct RandomSourceContractTests {
    /// Every `RandomSource` implementation.
    enum Implementation: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case system
        case seeded

        var testDescription: String { rawValue }

        func make() -> any RandomSource {
            switch self {
            case .system: SystemRandomSource()
            case .seeded: SeededRandomSource(seed: 42)
            }
        }
    }

    @Test("Draws do not repeat and use every bit", arguments: Implementation.allCases)
    func drawsSpreadOverAllBits(_ implementation: Implementation) {
        let source = implementation.make()
        let draws = (0..<10_000).map { _ in source.nextUInt64() }
        #expect(Set(draws).count == draws.count)
        #expect(draws.reduce(0, |) == UInt64.max)
        #expect(draws.reduce(UInt64.max, &) == 0)
    }
}
