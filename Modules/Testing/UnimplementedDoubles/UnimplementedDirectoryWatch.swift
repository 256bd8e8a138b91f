import StandardInterfaces

/// A directory watch that fails the test when started.
public struct UnimplementedDirectoryWatching: DirectoryWatching {
    public init() {}

    public func changes(in directory: String) throws -> AsyncStream<Void> { throw unimplemented("DirectoryWatching.changes") }
}
