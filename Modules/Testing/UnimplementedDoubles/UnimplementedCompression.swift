import CompressionInterface

/// Compression that fails the test when used.
public struct UnimplementedCompression: Compressing, Decompressing {
    public init() {}

    public func makeCompressor(level: CompressionLevel) throws(CompressionError) -> any Compressor {
        throw .libraryFailure(unimplemented("Compressing.makeCompressor").description)
    }

    public func makeDecompressor(limits: DecompressionLimits) throws(CompressionError) -> any Decompressor {
        throw .libraryFailure(unimplemented("Decompressing.makeDecompressor").description)
    }
}
