import StandardAdapters
import StandardInterfaces
import StandardTesting
import Testing

/// What every `TokenGenerating` must do, run against the random generator and the sequential fake.
@Suite("TokenGenerating contract")
struct TokenGeneratingContractTests {
    /// Every `TokenGenerating` implementation.
    enum Implementation: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case random
        case sequential

        var testDescription: String { rawValue }

        func make() -> any TokenGenerating {
            switch self {
            case .random: RandomTokenGenerator()
            case .sequential: SequentialTokenGenerator()
            }
        }
    }

    @Test("Tokens never repeat, in ID or in secret, and each parses back from its text", arguments: Implementation.allCases)
    func distinctAndParsable(_ implementation: Implementation) {
        let generator = implementation.make()
        let tokens = (0..<1_000).map { _ in generator.generate() }
        #expect(Set(tokens.map(\.id)).count == tokens.count)
        #expect(Set(tokens.map(\.secret)).count == tokens.count)
        for token in tokens {
            #expect(BearerToken(parsing: token.description) == token)
        }
    }
}
