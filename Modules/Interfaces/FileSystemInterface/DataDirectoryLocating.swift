/// Says where Quill keeps its data.
///
/// Exists so that the rule "`$QUILL_HOME`, else `$XDG_DATA_HOME/quill`, else
/// `~/.local/share/quill`" lives in one adapter and everything else just asks.
public protocol DataDirectoryLocating: Sendable {
    func dataDirectory() throws(FileSystemError) -> String
}
