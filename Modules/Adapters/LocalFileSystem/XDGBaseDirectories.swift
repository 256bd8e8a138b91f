/// The XDG Base Directory rules, written once for both apps: where user data and configuration
/// go when an application is not told otherwise.
///
/// `$XDG_DATA_HOME`, else `$HOME/.local/share`; `$XDG_CONFIG_HOME`, else `$HOME/.config`. As the
/// specification says, a variable that is empty or holds a relative path is invalid and ignored,
/// so the default applies. Takes the environment as a value (a composition root passes the
/// process's), so the rules are testable.
public struct XDGBaseDirectories: Sendable {
    private let environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    /// Where user data goes, or `nil` when neither `XDG_DATA_HOME` nor `HOME` is usable.
    public var dataHome: String? { base("XDG_DATA_HOME", else: ".local/share") }

    /// Where user configuration goes, or `nil` when neither `XDG_CONFIG_HOME` nor `HOME` is usable.
    public var configHome: String? { base("XDG_CONFIG_HOME", else: ".config") }

    private func base(_ variable: String, else homeRelative: String) -> String? {
        if let value = environment[variable], value.hasPrefix("/") { return Self.trimmed(value) }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return Self.trimmed(home) + "/" + homeRelative
    }

    /// The path without a trailing slash (but `/` itself).
    static func trimmed(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}
