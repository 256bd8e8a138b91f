import ArgumentParser
import ServerFeature
import ServerStoreInterface

/// What a person reads when a `quill-server` command ends in an error, and the exit status:
/// `quill-server: <cause>` and `hint: <what to do>` on standard error, whichever part threw.
///
/// The one place that turns errors into words for the server's command line (the client's is
/// `CLIFailure.from`): a `ServerCommandFailure` as it says; what the store refused
/// (`ServerStoreError`) with what to do about it; ArgumentParser's own errors (an unknown flag, a
/// value of the wrong type, a command's `ValidationError`) as usage errors.
public struct ServerFailureReport: Equatable, Sendable {
    public let cause: String
    public let hint: String
    public let status: ServerExitStatus

    /// The report of `error`, or `nil` for ArgumentParser's clean exits (`--help`, `--version`),
    /// which it prints itself.
    public init?(_ error: any Error) {
        if let failure = error as? ServerCommandFailure {
            self.init(cause: failure.description, hint: failure.hint, status: failure.kind.exitStatus)
            return
        }
        if let stored = error as? ServerStoreError {
            self.init(stored)
            return
        }
        if let refused = error as? AccountRegistration.Failure {
            self.init(refused)
            return
        }
        let code = QuillServer.exitCode(for: error)
        guard code != .success else { return nil }
        let cause = QuillServer.message(for: error)
        guard code == .validationFailure else {
            self.init(cause: cause.isEmpty ? "\(error)" : cause, hint: Self.unexpectedHint,
                      status: .failure)
            return
        }
        self.init(cause: cause, hint: "see '\(Self.helpCommand(in: QuillServer.fullMessage(for: error)))'", status: .usage)
    }

    /// What the store refused, said with what to do about it.
    init(_ stored: ServerStoreError) {
        switch stored {
        case .schemaTooNew(let database, let newestKnown):
            self.init(cause: "the database's schema is at version \(database), newer than this quill-server knows (up to \(newestKnown)): "
                          + "a newer release migrated it; nothing was changed",
                      hint: "run that release or a later one, or restore a backup taken before the upgrade", status: .failure)
        case .accountNameTaken:
            self.init(cause: stored.description, hint: "choose another name; 'quill-server account list' shows the names taken", status: .failure)
        case .accountNotFound:
            self.init(cause: stored.description, hint: "'quill-server account list' shows the accounts", status: .failure)
        case .identityLinked(let identity, let account):
            self.init(cause: stored.description,
                      hint: "unlink it first: quill-server account unlink \(account) --oidc-subject \(identity.subject)", status: .failure)
        case .unavailable:
            self.init(cause: stored.description, hint: "check that the database runs and answers, then run the command again", status: .unavailable)
        case .corrupt:
            self.init(cause: stored.description, hint: "restore a backup (quill-server restore), or report this with the log", status: .damaged)
        default:
            self.init(cause: stored.description, hint: Self.unexpectedHint, status: .failure)
        }
    }

    /// What an account command refused of what it was given: a usage error, as a bad flag is.
    init(_ refused: AccountRegistration.Failure) {
        let hint = switch refused {
        case .invalidName: "for example: quill-server account create alice"
        case .notAToken: "'quill-server account tokens NAME' lists an account's token IDs"
        case .invalidLabel: "give --label a shorter text on one line"
        case .expiryInThePast: "give --expires a time to come, or a span such as 30d"
        }
        self.init(cause: refused.description, hint: hint, status: .usage)
    }

    /// The hint of a failure no rule foresaw.
    static let unexpectedHint = "if this persists, run with --log-level debug and report it"

    public init(cause: String, hint: String, status: ServerExitStatus) {
        self.cause = cause
        self.hint = hint
        self.status = status
    }

    /// The lines for standard error.
    public var text: String { "quill-server: \(cause)\nhint: \(hint)\n" }

    /// The help command ArgumentParser's usage text points to (`quill-server serve --help`).
    static func helpCommand(in usage: String) -> String {
        guard let start = usage.range(of: "See '"), let end = usage[start.upperBound...].firstIndex(of: "'") else {
            return "quill-server --help"
        }
        return String(usage[start.upperBound..<end])
    }
}
