/// An error as the user sees it: a one-line cause, a hint, and the exit status.
///
/// Exists so that every failure, whatever module it comes from, is reported the same way
/// on stderr (`quill: <cause>` then `hint: <what to do>`). `CLIFailure.from` makes one of any
/// error, in one place.
public struct CLIFailure: Error, Equatable, Sendable {
    public let message: String
    public let hint: String?
    public let status: ExitStatus

    public init(_ message: String, hint: String? = nil, status: ExitStatus = .failure) {
        self.message = message
        self.hint = hint
        self.status = status
    }

    /// The same failure with `more` after its hint.
    func adding(hint more: String) -> CLIFailure {
        CLIFailure(message, hint: [hint, more].compactMap { $0 }.joined(separator: "; "), status: status)
    }
}
