import StandardAdapters
import StandardInterfaces
import Testing

/// What only the real token security promises beyond the contract: SHA-256, and 256-bit secrets.
@Suite struct CryptoTokenSecurityTests {
    @Test func hashesWithSHA256() {
        // SHA-256("abc"), from FIPS 180-2.
        #expect(SHA256TokenHasher().hash("abc").hex == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    @Test func secretsAre256BitsOfHexadecimal() {
        let generator = RandomTokenGenerator()
        for token in (0..<100).map({ _ in generator.generate() }) {
            #expect(token.secret.count == 64 && token.secret.allSatisfy(\.isHexDigit))
        }
    }
}
