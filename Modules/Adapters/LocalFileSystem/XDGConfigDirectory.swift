import FileSystemInterface

/// Finds Quill's config directory: `$XDG_CONFIG_HOME/quill`, else `~/.config/quill`.
///
/// As the XDG base directory spec says, a relative `XDG_CONFIG_HOME` is ignored. Takes the
/// environment as a value (the composition root passes the process's), so the rule is testable.
public struct XDGConfigDirectory: ConfigDirectoryLocating {
    private let environment: [String: String]

    public init(environment: [String: String]) {
        self.environment = environment
    }

    public func configDirectory() throws(FileSystemError) -> String {
        if let base = environment["XDG_CONFIG_HOME"], base.hasPrefix("/") { return trimmed(base) + "/quill" }
        guard let home = environment["HOME"], !home.isEmpty else {
            throw .other(path: "~/.config/quill", reason: "neither XDG_CONFIG_HOME nor HOME is set; set XDG_CONFIG_HOME")
        }
        return trimmed(home) + "/.config/quill"
    }

    private func trimmed(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
}
