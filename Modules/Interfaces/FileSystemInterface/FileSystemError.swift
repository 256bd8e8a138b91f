/// What went wrong touching a file, in words a user can act on.
///
/// Every `FileAccessing` implementation, real or fake, throws exactly these cases, which
/// is what the file-system contract tests check.
public enum FileSystemError: Error, Equatable, Sendable, CustomStringConvertible {
    case notFound(path: String)
    case permissionDenied(path: String)
    case notADirectory(path: String)
    case isADirectory(path: String)
    case directoryNotEmpty(path: String)
    case alreadyExists(path: String)
    case noSpace(path: String)
    case other(path: String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let path): "no such file or directory: \(path)"
        case .permissionDenied(let path): "permission denied: \(path)"
        case .notADirectory(let path): "not a directory: \(path)"
        case .isADirectory(let path): "is a directory: \(path)"
        case .directoryNotEmpty(let path): "directory not empty: \(path)"
        case .alreadyExists(let path): "already exists: \(path)"
        case .noSpace(let path): "no space left on device while writing \(path)"
        case .other(let path, let reason): "\(path): \(reason)"
        }
    }

    public var path: String {
        switch self {
        case .notFound(let path), .permissionDenied(let path), .notADirectory(let path), .isADirectory(let path),
             .directoryNotEmpty(let path), .alreadyExists(let path), .noSpace(let path), .other(let path, _):
            path
        }
    }
}
