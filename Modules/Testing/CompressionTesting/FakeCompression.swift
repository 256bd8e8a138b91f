import CompressionInterface

/// An in-process stand-in for gzip with a framing of its own: run-length-encoded blocks,
/// each with a checksum, and a trailer with the total length and checksum.
///
/// Exists so that feature tests do not depend on zlib, while still meeting the same
/// contract (truncation, corruption and bombs are detected; members concatenate), which
/// the contract suite checks against the real adapter.
public struct FakeCompression: Compressing, Decompressing {
    public init() {}

    public func makeCompressor(level: CompressionLevel) throws(CompressionError) -> any Compressor {
        FakeCompressor()
    }

    public func makeDecompressor(limits: DecompressionLimits) throws(CompressionError) -> any Decompressor {
        FakeDecompressor(limits: limits)
    }
}

/// The fake format's constants and checksum, shared by both directions.
enum FakeFormat {
    static let magic: [UInt8] = [0x51, 0x46, 0x5A, 0x01] // "QFZ" 1
    static let blockBytes = 16 * 1024
    static let maximumEncodedBlockBytes = 2 * blockBytes

    /// FNV-1a, continued from `seed`.
    static func checksum(_ bytes: some Sequence<UInt8>, seed: UInt32 = 2_166_136_261) -> UInt32 {
        var hash = seed
        for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        return hash
    }

    static func append(_ value: UInt32, to output: inout [UInt8]) {
        for shift in stride(from: 24, through: 0, by: -8) { output.append(UInt8(truncatingIfNeeded: value >> UInt32(shift))) }
    }

    static func append(_ value: UInt64, to output: inout [UInt8]) {
        for shift in stride(from: 56, through: 0, by: -8) { output.append(UInt8(truncatingIfNeeded: value >> UInt64(shift))) }
    }

    static func readUInt32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        bytes.reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func readUInt64(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        bytes.reduce(0) { $0 << 8 | UInt64($1) }
    }
}
