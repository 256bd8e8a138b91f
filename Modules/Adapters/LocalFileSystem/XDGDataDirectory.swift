import FileSystemInterface

/// Finds Quill's data directory: `$QUILL_HOME`, else `$XDG_DATA_HOME/quill`, else `~/.local/share/quill`.
///
/// Takes the environment as a value (the composition root passes the process's), so the
/// rule itself is testable without touching the real environment.
public struct XDGDataDirectory: DataDirectoryLocating {
    private let environment: [String: String]
    private let workingDirectory: String

    public init(environment: [String: String], workingDirectory: String) {
        self.environment = environment
        self.workingDirectory = workingDirectory
    }

    public func dataDirectory() throws(FileSystemError) -> String {
        if let home = nonEmpty("QUILL_HOME") { return absolute(home) }
        if let data = nonEmpty("XDG_DATA_HOME") { return absolute(data) + "/quill" }
        guard let home = nonEmpty("HOME") else {
            throw .other(path: "~", reason: "neither QUILL_HOME, XDG_DATA_HOME nor HOME is set; set QUILL_HOME")
        }
        return absolute(home) + "/.local/share/quill"
    }

    private func nonEmpty(_ name: String) -> String? {
        guard let value = environment[name], !value.isEmpty else { return nil }
        return value
    }

    private func absolute(_ path: String) -> String {
        let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        guard !trimmed.hasPrefix("/") else { return trimmed }
        return workingDirectory + "/" + trimmed
    }
}
