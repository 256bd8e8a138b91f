#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FileSystemInterface

/// Inter-process locking with `flock(2)` on a lock file.
///
/// The kernel releases the lock when the process dies, so a `quill` killed mid-write never
/// leaves the store locked. A shared lock is taken on a lock file opened for reading when it
/// cannot be opened for writing, so that a home one may only read can still be read. The blocking `flock` call runs on its own thread so it does not
/// hold up Swift's cooperative thread pool.
public struct FlockLocking: FileLocking {
    public init() {}

    public func withLock<T: Sendable>(
        at path: String, exclusive: Bool, _ body: () async throws -> T
    ) async throws -> T {
        var descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        if descriptor < 0, !exclusive, errno == EACCES || errno == EROFS {
            // A home one may only read (a read-only mount, a backup, another user's): a shared
            // lock needs no write access; where there is no lock file, and none can be made, no
            // writer has locked there to wait for.
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            if descriptor < 0, errno == ENOENT { return try await body() }
        }
        guard descriptor >= 0 else { throw FileSystemError.fromErrno(path: path) }
        defer { close(descriptor) }
        let operation = exclusive ? LOCK_EX : LOCK_SH
        if flock(descriptor, operation | LOCK_NB) != 0 {
            try await waitForLock(descriptor, operation: operation, path: path)
        }
        defer { flock(descriptor, LOCK_UN) }
        return try await body()
    }

    private func waitForLock(_ descriptor: Int32, operation: Int32, path: String) async throws {
        let result: Int32 = await withCheckedContinuation { continuation in
            let thread = BlockingLockThread(descriptor: descriptor, operation: operation) { continuation.resume(returning: $0) }
            thread.start()
        }
        guard result == 0 else { throw FileSystemError.fromErrno(result, path: path) }
    }
}

/// A thread that blocks in `flock` and reports its result (0, or the errno).
private final class BlockingLockThread: Sendable {
    let descriptor: Int32
    let operation: Int32
    let done: @Sendable (Int32) -> Void

    init(descriptor: Int32, operation: Int32, done: @escaping @Sendable (Int32) -> Void) {
        self.descriptor = descriptor
        self.operation = operation
        self.done = done
    }

    func start() {
        var thread = pthread_t()
        let context = Unmanaged.passRetained(self).toOpaque()
        let created = pthread_create(&thread, nil, { context in
            let me = Unmanaged<BlockingLockThread>.fromOpaque(context!).takeRetainedValue()
            var result: Int32
            repeat { result = flock(me.descriptor, me.operation) == 0 ? 0 : errno } while result == EINTR
            me.done(result)
            return nil
        }, context)
        if created == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<BlockingLockThread>.fromOpaque(context).release()
            done(created)
        }
    }
}
