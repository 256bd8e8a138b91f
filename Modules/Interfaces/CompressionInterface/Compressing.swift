/// Makes streaming compressors: the port through which the archive feature writes gzip.
///
/// Exists so that the feature never names zlib: production passes the zlib adapter,
/// unit tests a fake with the same contract.
public protocol Compressing: Sendable {
    func makeCompressor(level: CompressionLevel) throws(CompressionError) -> any Compressor
}

/// One compressed stream being written. Feed it chunks, then finish it exactly once.
///
/// Output written by separate compressors may be concatenated: the matching
/// `Decompressor` reads such a concatenation as the concatenation of the inputs.
public protocol Compressor: AnyObject {
    /// Compresses `input`, appending whatever compressed bytes are ready to `output`.
    func compress(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) throws(CompressionError)
    /// Flushes the rest of the stream (and its trailer) into `output`.
    func finish(into output: inout [UInt8]) throws(CompressionError)
}

extension Compressor {
    /// Compresses a whole byte array and finishes: convenient for small inputs and tests.
    public func compressAll(_ input: [UInt8]) throws(CompressionError) -> [UInt8] {
        var output: [UInt8] = []
        try compress(input, into: &output)
        try finish(into: &output)
        return output
    }

    public func compress(_ input: [UInt8], into output: inout [UInt8]) throws(CompressionError) {
        // `withUnsafeBytes` rethrows untyped errors, so the typed error travels in a `Result`.
        let result = input.withUnsafeBytes { buffer in
            Result { () throws(CompressionError) in try compress(buffer, into: &output) }
        }
        try result.get()
    }
}
