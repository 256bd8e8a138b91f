import StandardInterfaces
import Synchronization

/// A `StopRequesting` a test triggers (`requestStop()`), as Ctrl-C would.
public final class ManualStopRequests: StopRequesting {
    private let state = Mutex<(requested: Bool, waiting: [AsyncStream<Void>.Continuation])>((false, []))

    public init() {}

    public func stopRequested() async {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        let already = state.withLock { state in
            if !state.requested { state.waiting.append(continuation) }
            return state.requested
        }
        if already { return }
        // Ends with the stop, or with the task's cancellation.
        for await _ in stream { return }
    }

    /// Wakes every task waiting in `stopRequested`, and every later one at once.
    public func requestStop() {
        let woken = state.withLock { state in
            state.requested = true
            defer { state.waiting = [] }
            return state.waiting
        }
        for continuation in woken { continuation.finish() }
    }
}
