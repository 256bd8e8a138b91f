/// Says where Quill keeps its configuration (the settings file, the sync credentials).
///
/// The seed's `containerURL(for: .settings)`: the XDG rule lives in one adapter, and the
/// settings code just asks, so it runs unchanged over a fake directory in tests.
public protocol ConfigDirectoryLocating: Sendable {
    func configDirectory() throws(FileSystemError) -> String
}
