/// Why the settings could not be read or saved, naming the file so the user can fix it.
public enum SettingsError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file exists but is not valid settings (not JSON, or a value out of range).
    case corrupt(path: String, reason: String)
    /// The file (or the directory it lives in) could not be read or written.
    case unavailable(path: String, reason: String)

    public var description: String {
        switch self {
        case .corrupt(let path, let reason): "the settings file \(path) is not valid: \(reason)"
        case .unavailable(let path, let reason): "cannot use the settings file \(path): \(reason)"
        }
    }

    public var path: String {
        switch self {
        case .corrupt(let path, _), .unavailable(let path, _): path
        }
    }
}
