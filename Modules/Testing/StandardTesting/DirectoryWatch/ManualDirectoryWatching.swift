import StandardInterfaces
import Synchronization

/// A `DirectoryWatching` whose changes a test announces (`changed(_:)`): a watcher under test
/// wakes exactly when the test says a file changed, with no disk and no timing.
public final class ManualDirectoryWatching: DirectoryWatching {
    private let streams = Mutex<[(directory: String, continuation: AsyncStream<Void>.Continuation)]>([])
    /// Directories a test makes unwatchable, with the reason given.
    private let refused: [String: String]

    public init(refusing refused: [String: String] = [:]) {
        self.refused = refused
    }

    public func changes(in directory: String) throws -> AsyncStream<Void> {
        if let reason = refused[directory] { throw DirectoryWatchError(directory: directory, reason: reason) }
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        streams.withLock { $0.append((directory, continuation)) }
        return stream
    }

    /// Announces a change in `directory` to every stream watching it.
    public func changed(_ directory: String) {
        for (watched, continuation) in streams.withLock({ $0 }) where watched == directory { continuation.yield() }
    }

    /// How many streams watch `directory` (ended ones too).
    public func watchCount(of directory: String) -> Int {
        streams.withLock { $0.filter { $0.directory == directory }.count }
    }
}
