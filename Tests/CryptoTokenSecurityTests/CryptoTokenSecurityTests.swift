import CryptoTokenSecurity
import TokenSecurityInterface
import Testing

@Suite struct CryptoTokenSecurityTests {
    @Test func hashesWithSHA256() {
        // SHA-256("abc"), from FIPS 180-2.
        #expect(SHA256TokenHasher().hash("abc").hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func generatesDistinctParsableTokens() {
        let generator = RandomTokenGenerator()
        let tokens = (0..<100).map { _ in generator.generate() }
        #expect(Set(tokens).count == 100)
        for token in tokens {
            #expect(BearerToken(parsing: token.description) == token)
            #expect(token.secret.count == 64)
        }
    }
}
