/// Tells a waiting task that something in a directory changed.
///
/// Exists so that `quill sync --watch` sends a local edit moments after it is saved without
/// polling the disk: the live adapter asks the kernel (inotify), and tests say when a change
/// happened.
public protocol DirectoryWatching: Sendable {
    /// The changes to `directory`'s own entries (not inside its subdirectories) from now on: an
    /// element after each change, several close together possibly merged into one, for as long
    /// as the stream is iterated. Throws a `DirectoryWatchError` when the directory cannot be watched.
    func changes(in directory: String) throws -> AsyncStream<Void>
}

/// Why a directory cannot be watched, in words for a person.
public struct DirectoryWatchError: Error, Hashable, Sendable, CustomStringConvertible {
    public let directory: String
    public let reason: String

    public init(directory: String, reason: String) {
        self.directory = directory
        self.reason = reason
    }

    public var description: String { "cannot watch \(directory) for changes: \(reason)" }
}
