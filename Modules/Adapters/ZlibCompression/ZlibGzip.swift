import CompressionInterface

/// gzip (RFC 1952) through the system zlib: the production `Compressing` and `Decompressing`.
///
/// Exists so that archives are written and read by the same well-tested library that
/// `gzip` and `tar -z` use, while the archive feature only sees the ports.
public struct ZlibGzip: Compressing, Decompressing {
    public init() {}

    public func makeCompressor(level: CompressionLevel) throws(CompressionError) -> any Compressor {
        try ZlibGzipCompressor(level: level)
    }

    public func makeDecompressor(limits: DecompressionLimits) throws(CompressionError) -> any Decompressor {
        try ZlibGzipDecompressor(limits: limits)
    }
}

/// zlib's `windowBits` for a 32 KiB window with a gzip (not zlib) wrapper.
let gzipWindowBits: Int32 = 15 + 16
/// How many bytes zlib may write per step; also bounds how far past a limit a bomb can get.
let zlibStepBytes = 64 * 1024
