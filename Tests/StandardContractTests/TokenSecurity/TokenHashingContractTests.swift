import StandardAdapters
import StandardInterfaces
import StandardTesting
import Testing

/// What every `TokenHashing` must do, run against SHA-256 and the marker fake.
@Suite("TokenHashing contract")
struct TokenHashingContractTests {
    /// Every `TokenHashing` implementation.
    enum Implementation: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case sha256
        case marker

        var testDescription: String { rawValue }

        func make() -> any TokenHashing {
            switch self {
            case .sha256: SHA256TokenHasher()
            case .marker: MarkerTokenHasher()
            }
        }
    }

    @Test("The same secret always has the same hash; other secrets other hashes; never the secret itself",
          arguments: Implementation.allCases)
    func deterministicAndDistinct(_ implementation: Implementation) {
        let hasher = implementation.make()
        let secrets = ["", "a", "b", "secret1", "secret10", String(repeating: "f", count: 64)]
        #expect(secrets.map(hasher.hash) == secrets.map(hasher.hash))
        #expect(Set(secrets.map(hasher.hash)).count == secrets.count)
        for secret in secrets where !secret.isEmpty {
            #expect(hasher.hash(secret).bytes != Array(secret.utf8))
        }
    }
}
