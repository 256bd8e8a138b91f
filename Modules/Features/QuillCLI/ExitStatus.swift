/// The exit statuses `quill` promises to scripts.
public enum ExitStatus: Int32, Sendable {
    case success = 0
    case failure = 1
    case usage = 2
    case notFound = 3
}
