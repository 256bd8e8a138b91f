#if canImport(Glibc)
import Glibc
#endif
import StandardInterfaces
import Synchronization

/// `StopRequesting` by SIGINT and SIGTERM: from the first call on, the signals no longer end the
/// process. Their handler writes a byte to a pipe (the one thing a handler may safely do), and a
/// thread that waits on the pipe, with the signals unblocked, wakes every waiting task.
public final class SignalStopRequests: StopRequesting {
    private let waiters = Waiters()
    private let listening = Mutex(false)

    public init() {}

    public func stopRequested() async {
        listen()
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        guard waiters.add(continuation) else { return }
        // Ends with the stop, or with the task's cancellation.
        for await _ in stream { return }
    }

    /// The tasks waiting for a stop, and whether one came.
    private final class Waiters: Sendable {
        private let state = Mutex<(requested: Bool, waiting: [AsyncStream<Void>.Continuation])>((false, []))

        /// Adds a waiting task's continuation; `false` if the stop came already.
        func add(_ continuation: AsyncStream<Void>.Continuation) -> Bool {
            state.withLock { state in
                if !state.requested { state.waiting.append(continuation) }
                return !state.requested
            }
        }

        func wake() {
            let woken = state.withLock { state in
                state.requested = true
                defer { state.waiting = [] }
                return state.waiting
            }
            for continuation in woken { continuation.finish() }
        }
    }

    /// Installs the handler and starts the thread that reads the pipe, once.
    private func listen() {
        let first = listening.withLock { listening in
            defer { listening = true }
            return !listening
        }
        guard first else { return }
        let pipe = signalPipe
        guard pipe.read >= 0 else { return }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            _ = write(signalPipe.write, &byte, 1)
        }
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
        sigaction(SIGTERM, &action, nil)
        let context = Unmanaged.passRetained(waiters).toOpaque()
        var thread = pthread_t()
        if pthread_create(&thread, nil, { context in
            let waiters = Unmanaged<Waiters>.fromOpaque(context!).takeRetainedValue()
            // Delivered here even if every other thread blocks them (a parent may start the
            // process with them blocked, as Foundation's `Process` does).
            var signals = sigset_t()
            sigemptyset(&signals)
            sigaddset(&signals, SIGINT)
            sigaddset(&signals, SIGTERM)
            pthread_sigmask(SIG_UNBLOCK, &signals, nil)
            var byte: UInt8 = 0
            while true {
                let count = read(signalPipe.read, &byte, 1)
                if count == 1 { waiters.wake() } else if count < 0 && errno == EINTR { continue } else { return nil }
            }
        }, context) == 0 {
            pthread_detach(thread)
        } else {
            Unmanaged<Waiters>.fromOpaque(context).release()
        }
    }
}

/// The pipe from the signal handler to the thread that wakes the waiters: process-wide, as a
/// signal's disposition is (a C handler can reach nothing else). `read` is -1 if it could not
/// be made, and the signals keep their usual effect.
private let signalPipe: (read: Int32, write: Int32) = {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return (-1, -1) }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    return (ends[0], ends[1])
}()
