/// Serializes access to a resource between processes (or, for the in-memory kind, tasks).
///
/// Exists so that two `quill` processes writing at once lose nothing, while the code that
/// needs the lock never names `flock`.
public protocol FileLocking: Sendable {
    /// Runs `body` while holding the lock at `path`: shared (many readers) or exclusive (one writer).
    func withLock<T: Sendable>(
        at path: String, exclusive: Bool, _ body: () async throws -> T
    ) async throws -> T
}
