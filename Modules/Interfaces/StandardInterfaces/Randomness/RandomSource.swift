/// Draws random numbers: backoff jitter and push request IDs.
///
/// Exists so that randomness is a dependency like any other: a seeded fake makes every
/// retry schedule and every simulation run reproducible.
public protocol RandomSource: Sendable {
    func nextUInt64() -> UInt64
}
