/// Why a `quill-server` command cannot do what was asked: the one error type its start-up and
/// its commands throw, whichever part found the problem, with the words the person reads.
/// `ServerCLIEnvironment.server(_:)` and ArgumentParser turn it into the message and the exit
/// status: a setting that cannot be used is a usage error (exit status 64), a refusal is
/// `Error: …` (exit status 1).
public struct ServerCommandFailure: Error, Equatable, CustomStringConvertible {
    public enum Kind: Equatable, Sendable {
        /// A flag or environment variable that cannot be used, named with where it came from.
        case invalidSetting
        /// A command that cannot be done here (a backup of PostgreSQL, a restore over a store),
        /// with what to do instead.
        case refused
    }

    public let kind: Kind
    public let description: String

    /// A refusal.
    public init(description: String) {
        self.init(kind: .refused, description: description)
    }

    public init(kind: Kind, description: String) {
        self.kind = kind
        self.description = description
    }

    public static func invalidSetting(_ description: String) -> ServerCommandFailure {
        ServerCommandFailure(kind: .invalidSetting, description: description)
    }
}
