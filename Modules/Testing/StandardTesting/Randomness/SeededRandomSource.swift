import StandardInterfaces
import Synchronization

/// A `RandomSource` that replays the same numbers for the same seed.
public final class SeededRandomSource: RandomSource {
    private let generator: Mutex<SplitMix64>

    public init(seed: UInt64) { generator = Mutex(SplitMix64(seed: seed)) }

    public func nextUInt64() -> UInt64 { generator.withLock { $0.next() } }
}
