import StandardInterfaces
import Synchronization

/// Hands out `quill_<n as 16 hex digits>_secret<n>` for n = 1, 2, 3… (or from `start + 1`, so
/// that a second generator in one test does not repeat the first one's tokens).
public final class SequentialTokenGenerator: TokenGenerating, Sendable {
    private let issued: Mutex<UInt64>

    public init(startingAfter start: UInt64 = 0) { issued = Mutex(start) }

    public func generate() -> BearerToken {
        let number = issued.withLock { count in
            count += 1
            return count
        }
        return BearerToken(id: TokenID(number), secret: "secret\(number)")
    }
}

/// A stand-in "hash" that is the secret's bytes behind a marker: readable in test failures,
/// never equal to the secret itself, and free of any crypto library.
public struct MarkerTokenHasher: TokenHashing {
    public init() {}

    public func hash(_ secret: String) -> TokenHash { TokenHash(bytes: Array("hashed:\(secret)".utf8)) }
}
