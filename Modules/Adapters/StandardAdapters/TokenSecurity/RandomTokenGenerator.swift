import StandardInterfaces

/// Makes tokens from the system's cryptographically secure random source
/// (`SystemRandomNumberGenerator`: getrandom(2) on Linux): a 64-bit public ID and a 256-bit secret.
public struct RandomTokenGenerator: TokenGenerating {
    public init() {}

    public func generate() -> BearerToken {
        var random = SystemRandomNumberGenerator()
        let secret = (0..<4).map { _ in TokenID(random.next()).rawValue }.joined()
        return BearerToken(id: TokenID(random.next()), secret: secret)
    }
}
