/// Why a `quill-server` command cannot do what was asked: the one error type its start-up and
/// its commands throw, whichever part found the problem, with the words the person reads (a
/// cause, and a hint saying what to do). `ServerFailureReport` prints it and picks its exit
/// status from its kind.
public struct ServerCommandFailure: Error, Equatable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// A flag or environment variable that cannot be used, named with where it came from.
        case invalidSetting
        /// The store the settings name cannot be opened or reached (a data directory that cannot
        /// be written, a database that does not answer).
        case unavailable
        /// The store's data is damaged (a SQLite file that is no longer a database): no restart
        /// mends it, so a service manager should not try.
        case damaged
        /// A command that cannot be done here (a backup of PostgreSQL, a restore over a store).
        case refused

        public var exitStatus: ServerExitStatus {
            switch self {
            case .invalidSetting: .usage
            case .unavailable: .unavailable
            case .damaged: .damaged
            case .refused: .failure
            }
        }
    }

    public let kind: Kind
    public let description: String
    public let hint: String

    public init(kind: Kind, description: String, hint: String) {
        self.kind = kind
        self.description = description
        self.hint = hint
    }

    public static func invalidSetting(_ description: String, hint: String) -> ServerCommandFailure {
        ServerCommandFailure(kind: .invalidSetting, description: description, hint: hint)
    }

    public static func unavailable(_ description: String, hint: String) -> ServerCommandFailure {
        ServerCommandFailure(kind: .unavailable, description: description, hint: hint)
    }

    public static func damaged(_ description: String, hint: String) -> ServerCommandFailure {
        ServerCommandFailure(kind: .damaged, description: description, hint: hint)
    }

    public static func refused(_ description: String, hint: String) -> ServerCommandFailure {
        ServerCommandFailure(kind: .refused, description: description, hint: hint)
    }
}
