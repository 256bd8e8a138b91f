import FileSystemInterface

/// Finds Quill's data directory: `$QUILL_HOME`, else `quill` in the XDG data home
/// (`XDGBaseDirectories`: `$XDG_DATA_HOME`, else `~/.local/share`).
///
/// `QUILL_HOME` is Quill's own variable, so a relative value means what a person typed: the
/// directory below the working directory. A relative `XDG_DATA_HOME` is ignored, as the XDG
/// specification says.
public struct XDGDataDirectory: DataDirectoryLocating {
    private let environment: [String: String]
    private let workingDirectory: String

    public init(environment: [String: String], workingDirectory: String) {
        self.environment = environment
        self.workingDirectory = workingDirectory
    }

    public func dataDirectory() throws(FileSystemError) -> String {
        if let home = environment["QUILL_HOME"], !home.isEmpty {
            let trimmed = XDGBaseDirectories.trimmed(home)
            return trimmed.hasPrefix("/") ? trimmed : workingDirectory + "/" + trimmed
        }
        guard let dataHome = XDGBaseDirectories(environment: environment).dataHome else {
            throw .other(path: "~", reason: "neither QUILL_HOME, XDG_DATA_HOME nor HOME is set; set QUILL_HOME")
        }
        return dataHome + "/quill"
    }
}
