/// When the person asks a long-running command to stop: Ctrl-C in the terminal, or SIGTERM
/// from a service manager.
///
/// Exists so that `quill sync --watch` ends cleanly (its sync abandoned at a point the next one
/// resumes from, a last line said) rather than being killed where it stands, and so that tests
/// stop it without sending the test process a signal.
public protocol StopRequesting: Sendable {
    /// Returns when the process is asked to stop (at once if it was asked already), or when the
    /// calling task is cancelled. From the first call on, the signals no longer end the process.
    func stopRequested() async
}
