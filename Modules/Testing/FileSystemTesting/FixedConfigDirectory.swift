import FileSystemInterface

/// A config directory chosen by the test, or none (`nil`), to exercise "nowhere to keep settings".
public struct FixedConfigDirectory: ConfigDirectoryLocating {
    private let path: String?

    public init(_ path: String?) {
        self.path = path
    }

    public func configDirectory() throws(FileSystemError) -> String {
        guard let path else { throw .other(path: "~/.config/quill", reason: "no config directory") }
        return path
    }
}
