#if canImport(Glibc)
import Glibc
#endif
import StandardInterfaces

/// `DirectoryWatching` with Linux's inotify: a thread of its own sleeps in `poll(2)` until the
/// kernel reports a change, so a watch costs no CPU while nothing happens.
public struct InotifyDirectoryWatching: DirectoryWatching {
    public init() {}

    public func changes(in directory: String) throws -> AsyncStream<Void> {
        let watch = try InotifyWatch(directory: directory)
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        continuation.onTermination = { _ in watch.stop() }
        watch.start { continuation.yield() } ended: { continuation.finish() }
        return stream
    }
}

/// One inotify instance on one directory, and the pipe that wakes its thread to stop.
private final class InotifyWatch: Sendable {
    let inotify: Int32
    let stopPipe: (read: Int32, write: Int32)

    /// What the kernel is asked to report: entries written, created, moved in or out, removed.
    private static let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE)

    init(directory: String) throws {
        inotify = inotify_init1(Int32(IN_CLOEXEC))
        guard inotify >= 0 else { throw DirectoryWatchError(directory: directory, reason: String(cString: strerror(errno))) }
        guard inotify_add_watch(inotify, directory, Self.mask | UInt32(IN_ONLYDIR)) >= 0 else {
            let reason = errno == ENOSPC ? "the system's limit of inotify watches is reached (fs.inotify.max_user_watches)"
                : String(cString: strerror(errno))
            close(inotify)
            throw DirectoryWatchError(directory: directory, reason: reason)
        }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else {
            let reason = String(cString: strerror(errno))
            close(inotify)
            throw DirectoryWatchError(directory: directory, reason: reason)
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        stopPipe = (ends[0], ends[1])
    }

    /// Starts the thread: `changed` after each batch of events the kernel reports, `ended` once
    /// it stops (asked to, or the watch failed).
    func start(changed: @escaping @Sendable () -> Void, ended: @escaping @Sendable () -> Void) {
        let context = Unmanaged.passRetained(Loop(watch: self, changed: changed, ended: ended)).toOpaque()
        var thread = pthread_t()
        let created = pthread_create(&thread, nil, { context in
            Unmanaged<Loop>.fromOpaque(context!).takeRetainedValue().run()
            return nil
        }, context)
        if created == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Loop>.fromOpaque(context).release()
            ended()
        }
    }

    func stop() {
        var byte: UInt8 = 1
        _ = write(stopPipe.write, &byte, 1)
    }

    deinit {
        close(inotify)
        close(stopPipe.read)
        close(stopPipe.write)
    }

    /// The thread's work, holding the watch alive while it runs.
    private final class Loop: Sendable {
        let watch: InotifyWatch
        let changed: @Sendable () -> Void
        let ended: @Sendable () -> Void

        init(watch: InotifyWatch, changed: @escaping @Sendable () -> Void, ended: @escaping @Sendable () -> Void) {
            self.watch = watch
            self.changed = changed
            self.ended = ended
        }

        func run() {
            defer { ended() }
            var buffer = [UInt8](repeating: 0, count: 64 << 10)
            while true {
                var descriptors = [pollfd(fd: watch.inotify, events: Int16(POLLIN), revents: 0),
                                   pollfd(fd: watch.stopPipe.read, events: Int16(POLLIN), revents: 0)]
                let ready = poll(&descriptors, 2, -1)
                if ready < 0 {
                    if errno == EINTR { continue }
                    return
                }
                if descriptors[1].revents != 0 { return }
                guard descriptors[0].revents & Int16(POLLIN) != 0 else { return }
                let count = buffer.withUnsafeMutableBytes { read(watch.inotify, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return }
                changed()
            }
        }
    }
}
