#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The mode a new file is created with.
public enum Permissions: Sendable {
    /// `mode` less the process's umask, as `open(2)` does: what a user's own files get.
    case lessUmask(mode_t)
    /// Exactly `mode`, whatever the umask: for secrets (0600).
    case exactly(mode_t)

    var mode: mode_t {
        switch self {
        case .lessUmask(let mode), .exactly(let mode): mode
        }
    }
}
