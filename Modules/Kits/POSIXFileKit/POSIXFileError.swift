#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call on a file: the `errno` it set and the path it was about.
public struct POSIXFileError: Error, Equatable, Sendable, CustomStringConvertible {
    public let code: Int32
    public let path: String

    public init(code: Int32, path: String) {
        self.code = code
        self.path = path
    }

    /// The error the last failed call left in `errno`.
    static func last(_ path: String) -> POSIXFileError { POSIXFileError(code: errno, path: path) }

    /// The disk, or the user's quota on it, had no room for the write.
    public var isNoSpace: Bool { code == ENOSPC || code == EDQUOT }

    public var description: String { "\(path): \(String(cString: strerror(code)))" }
}
