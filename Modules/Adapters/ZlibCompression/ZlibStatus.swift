import CompressionInterface
import CZlib

/// Maps zlib's status codes and messages to `CompressionError`.
enum ZlibStatus {
    static func error(_ status: Int32, stream: UnsafeMutablePointer<z_stream>?) -> CompressionError {
        let message = stream.flatMap(message(of:))
        switch status {
        case Z_DATA_ERROR:
            switch message {
            case "incorrect data check": return .checksumMismatch
            case "incorrect length check": return .lengthMismatch
            default: return .corrupt(message ?? "invalid deflate data")
            }
        case Z_NEED_DICT: return .corrupt("the stream needs a preset dictionary")
        case Z_MEM_ERROR: return .libraryFailure("out of memory")
        case Z_VERSION_ERROR: return .libraryFailure("incompatible zlib version")
        case Z_STREAM_ERROR: return .libraryFailure("inconsistent stream state" + (message.map { ": \($0)" } ?? ""))
        case Z_BUF_ERROR: return .truncated
        default: return .libraryFailure("zlib status \(status)" + (message.map { ": \($0)" } ?? ""))
        }
    }

    static func message(of stream: UnsafeMutablePointer<z_stream>) -> String? {
        stream.pointee.msg.map { String(cString: $0) }
    }
}
