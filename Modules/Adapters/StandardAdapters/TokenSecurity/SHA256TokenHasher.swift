import Crypto
import StandardInterfaces

/// Hashes token secrets with SHA-256 (swift-crypto).
///
/// A fast hash is right here: secrets are 256 random bits, not passwords, so there is
/// nothing for a slow key-derivation function to protect against.
public struct SHA256TokenHasher: TokenHashing {
    public init() {}

    public func hash(_ secret: String) -> TokenHash {
        TokenHash(bytes: Array(SHA256.hash(data: Array(secret.utf8))))
    }
}
