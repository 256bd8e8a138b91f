/// How hard a compressor works, 1 (fastest) to 9 (smallest), as in gzip.
///
/// Exists so that an out-of-range level is refused where it is typed, not deep inside zlib.
public struct CompressionLevel: Hashable, Sendable, CustomStringConvertible {
    public static let range = 1...9
    /// gzip's own default, the usual trade-off between speed and size.
    public static let standard = CompressionLevel(uncheckedValue: 6)

    public let value: Int

    public init(_ value: Int) throws(CompressionError) {
        guard CompressionLevel.range.contains(value) else { throw .invalidLevel(value) }
        self.value = value
    }

    private init(uncheckedValue: Int) { value = uncheckedValue }

    public var description: String { String(value) }
}
