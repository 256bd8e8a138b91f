import Foundation
import StandardAdapters
import StandardInterfaces
import StandardTesting
import Testing

/// What every `WallClock` must do, run against the real clock and the fakes.
@Suite("WallClock contract")
struct WallClockContractTests {
    /// Every `WallClock` implementation.
    enum Implementation: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case system
        case fixed
        case stepping

        var testDescription: String { rawValue }

        func make() -> any WallClock {
            switch self {
            case .system: SystemClock()
            case .fixed: FixedClock(Date(timeIntervalSince1970: 1_795_000_000))
            case .stepping: SteppingClock(start: Date(timeIntervalSince1970: 1_795_000_000))
            }
        }
    }

    @Test("A reading is a date of this century", arguments: Implementation.allCases)
    func plausible(_ implementation: Implementation) throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let year = Calendar(identifier: .gregorian).dateComponents(in: utc, from: implementation.make().now()).year
        #expect((2000..<2100).contains(year ?? 0))
    }
}
