import StandardInterfaces

/// The live `RandomSource`: the system's cryptographically secure generator, so request IDs
/// from different devices never collide.
public struct SystemRandomSource: RandomSource {
    public init() {}

    public func nextUInt64() -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }
}
