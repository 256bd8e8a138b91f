/// Why compressing or decompressing failed, the same for every implementation.
///
/// Exists so that callers (the archive importer, the CLI) can say precisely what is wrong
/// with a file — not gzip at all, cut short, damaged — whatever library did the work.
public enum CompressionError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidLevel(Int)
    /// The input does not start like a gzip stream (or the format the implementation stands for).
    case notGzip
    /// The input ended before the compressed stream did.
    case truncated
    /// The stored checksum (gzip's CRC-32) does not match the data.
    case checksumMismatch
    /// The stored length (gzip's ISIZE) does not match the data.
    case lengthMismatch
    /// Anything else wrong inside the stream, with the library's words.
    case corrupt(String)
    /// Decompressing would produce more than the allowed number of bytes.
    case outputLimitExceeded(limit: Int64)
    /// The output grew more than `limit` times faster than the input: probably a decompression bomb.
    case ratioLimitExceeded(limit: Int)
    /// The library itself failed (out of memory, bad version): not the input's fault.
    case libraryFailure(String)

    public var description: String {
        switch self {
        case .invalidLevel(let level): "compression level \(level) is not between 1 and 9"
        case .notGzip: "not a gzip file"
        case .truncated: "the compressed data is truncated (unexpected end of input)"
        case .checksumMismatch: "the compressed data is damaged (CRC mismatch)"
        case .lengthMismatch: "the compressed data is damaged (length mismatch)"
        case .corrupt(let reason): "the compressed data is corrupt (\(reason))"
        case .outputLimitExceeded(let limit):
            "decompressed data exceeds the limit of \(limit) bytes (possible decompression bomb; raise the limit to allow it)"
        case .ratioLimitExceeded(let limit):
            "decompressed data grows more than \(limit) times its compressed size (possible decompression bomb)"
        case .libraryFailure(let reason): "the compression library failed: \(reason)"
        }
    }
}
