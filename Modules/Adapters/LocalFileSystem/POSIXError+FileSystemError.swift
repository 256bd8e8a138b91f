#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FileSystemInterface

extension FileSystemError {
    /// Maps the current `errno` to the error every `FileAccessing` implementation throws.
    static func fromErrno(_ code: Int32 = errno, path: String) -> FileSystemError {
        switch code {
        case ENOENT: .notFound(path: path)
        case EACCES, EPERM: .permissionDenied(path: path)
        case EROFS: .other(path: path, reason: "the file system is read-only")
        case ENOTDIR: .notADirectory(path: path)
        case EISDIR: .isADirectory(path: path)
        case ENOTEMPTY, EEXIST: .directoryNotEmpty(path: path)
        case ENOSPC, EDQUOT: .noSpace(path: path)
        default: .other(path: path, reason: String(cString: strerror(code)))
        }
    }
}
