/// The exit statuses of `quill-server`, each with what it means: `--help`, docs/server.md (held
/// to this list by a test) and `ServerFailureReport` read them from here.
public enum ServerExitStatus: Int32, CaseIterable, Sendable {
    case success = 0
    case failure = 1
    case usage = 64
    case damaged = 65
    case unavailable = 69

    public var meaning: String {
        switch self {
        case .success: "done (for serve: stopped by SIGTERM or SIGINT)"
        case .failure: "the command could not be done (it says why and what to do)"
        case .usage: "a flag, argument or environment variable that cannot be used (sysexits' EX_USAGE)"
        case .damaged: "the store's data is damaged: starting again will not mend it (sysexits' EX_DATAERR)"
        case .unavailable: "the store the settings name cannot be opened or reached (sysexits' EX_UNAVAILABLE)"
        }
    }

    /// One sentence for `--help`.
    static var summary: String {
        "Exit status: " + allCases.map { "\($0.rawValue) \($0.meaning)" }.joined(separator: "; ") + "."
    }

    /// The table of docs/server.md.
    public static var markdownTable: String {
        (["| exit status | meaning |", "|---|---|"] + allCases.map { "| \($0.rawValue) | \($0.meaning) |" }).joined(separator: "\n")
    }
}
