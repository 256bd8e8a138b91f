import FileSystemInterface

/// Finds Quill's config directory: `quill` in the XDG config home (`XDGBaseDirectories`).
public struct XDGConfigDirectory: ConfigDirectoryLocating {
    private let base: XDGBaseDirectories

    public init(environment: [String: String]) {
        base = XDGBaseDirectories(environment: environment)
    }

    public func configDirectory() throws(FileSystemError) -> String {
        guard let configHome = base.configHome else {
            throw .other(path: "~/.config/quill", reason: "neither XDG_CONFIG_HOME nor HOME is set; set XDG_CONFIG_HOME")
        }
        return configHome + "/quill"
    }
}
