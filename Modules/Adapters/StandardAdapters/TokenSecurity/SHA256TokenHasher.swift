import Crypto
import StandardInterfaces

/// Hashes token secrets with SHA-256 (swift-crypto).
///
/// A fast hash is right here: secrets are 256 random bits, not passwords, so there is
/// nothing for a slow key-derivation function to protect against.
public struct SHA256TokenHasher: TokenHashing {
    public init() {}

    public func hash(_ secret: String) -> TokenHash {
        var secret = secret
        // The digest's bytes copied at once (iterating a digest goes byte by byte through a generic path).
        let digest = secret.withUTF8 { SHA256.hash(data: UnsafeRawBufferPointer($0)) }
        return TokenHash(bytes: digest.withUnsafeBytes { Array($0) })
    }
}
