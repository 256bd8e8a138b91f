/// Makes streaming decompressors: the port through which the archive feature reads gzip.
public protocol Decompressing: Sendable {
    func makeDecompressor(limits: DecompressionLimits) throws(CompressionError) -> any Decompressor
}

/// One compressed stream (or a concatenation of streams) being read.
///
/// Feed it compressed chunks as they arrive, then call `finish` once at the end of input,
/// which throws `.truncated` if the stream did not end. The limits are enforced while
/// decompressing, so a bomb is stopped after at most one step beyond the limit.
public protocol Decompressor: AnyObject {
    /// Decompresses `input`, appending the bytes it yields to `output`.
    func decompress(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) throws(CompressionError)
    /// Checks that the input ended exactly at the end of a complete stream.
    func finish() throws(CompressionError)
}

extension Decompressor {
    public func decompress(_ input: [UInt8], into output: inout [UInt8]) throws(CompressionError) {
        // `withUnsafeBytes` rethrows untyped errors, so the typed error travels in a `Result`.
        let result = input.withUnsafeBytes { buffer in
            Result { () throws(CompressionError) in try decompress(buffer, into: &output) }
        }
        try result.get()
    }

    /// Decompresses a whole byte array and finishes: convenient for small inputs and tests.
    public func decompressAll(_ input: [UInt8]) throws(CompressionError) -> [UInt8] {
        var output: [UInt8] = []
        try decompress(input, into: &output)
        try finish()
        return output
    }
}

/// How much a decompressor may produce before it refuses: the defence against decompression bombs.
public struct DecompressionLimits: Hashable, Sendable {
    /// The most decompressed bytes in total.
    public var maximumOutputBytes: Int64
    /// The most decompressed bytes per compressed byte, checked once the output passes `ratioGraceBytes`.
    public var maximumRatio: Int
    /// Output below this size is never refused for its ratio (small, very repetitive files are fine).
    public var ratioGraceBytes: Int64

    public init(maximumOutputBytes: Int64, maximumRatio: Int, ratioGraceBytes: Int64 = 16 << 20) {
        self.maximumOutputBytes = maximumOutputBytes
        self.maximumRatio = maximumRatio
        self.ratioGraceBytes = ratioGraceBytes
    }

    /// No practical limit: for tests and for callers that bound the output themselves.
    public static let unlimited = DecompressionLimits(maximumOutputBytes: .max, maximumRatio: .max, ratioGraceBytes: .max)

    /// Throws if `output` bytes produced from `input` compressed bytes break a limit.
    public func check(output: Int64, input: Int64) throws(CompressionError) {
        guard output <= maximumOutputBytes else { throw .outputLimitExceeded(limit: maximumOutputBytes) }
        if output > ratioGraceBytes, output / max(input, 1) > Int64(maximumRatio) {
            throw .ratioLimitExceeded(limit: maximumRatio)
        }
    }
}
