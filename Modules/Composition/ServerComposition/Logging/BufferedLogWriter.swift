import Foundation
import Synchronization

/// Writes log lines to a sink on a thread of its own, so that logging a request never waits
/// for standard error.
///
/// Exists because a line written synchronously per request (swift-log's `StreamLogHandler`
/// locks, formats and flushes on the event loop) cost about a third of `quill-server`'s
/// throughput. Callers append to a bounded buffer and return; the writer thread, woken by the
/// first line after a quiet spell, lets lines gather for `batchInterval` and then takes
/// everything buffered at once and hands it to the sink in one call (so under load it wakes
/// and writes a few dozen times a second, not once per request). When the buffer is full
/// (the sink is slower than the logging), lines are dropped and counted, never waited for,
/// and a line saying how many were dropped is written once there is room again. `shutdown()`
/// writes what is buffered and stops the thread.
public final class BufferedLogWriter: Sendable {
    /// Where drained bytes go: standard error in production, memory in tests.
    public typealias Sink = @Sendable (_ bytes: [UInt8]) -> Void

    private struct State {
        var pending: [UInt8] = []
        var dropped = 0
        var stopping = false
    }

    private let state = Mutex(State())
    private let capacity: Int
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    private let sink: Sink
    private let batchInterval: Duration

    /// A writer holding at most `capacity` bytes of unwritten lines, draining them to `sink`
    /// at most `batchInterval` after the first of a batch arrives.
    public init(capacity: Int = 1 << 20, batchInterval: Duration = .milliseconds(20), sink: @escaping Sink) {
        self.capacity = capacity
        self.batchInterval = batchInterval
        self.sink = sink
        let thread = Thread { [self] in drainUntilStopped() }
        thread.name = "quill-log-writer"
        thread.start()
    }

    /// A writer draining to file descriptor 2.
    public static func standardError(capacity: Int = 1 << 20) -> BufferedLogWriter {
        BufferedLogWriter(capacity: capacity) { bytes in
            bytes.withUnsafeBytes { buffer in
                guard let start = buffer.baseAddress else { return }
                var offset = 0
                while offset < buffer.count {
                    let written = write(2, start + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return
                    }
                    offset += written
                }
            }
        }
    }

    /// Queues one line (its bytes, newline included); drops it if the buffer is full or the
    /// writer has stopped. Never blocks on the sink.
    public func append(_ line: [UInt8]) {
        let wasEmpty = state.withLock { state -> Bool? in
            guard !state.stopping else { return nil }
            guard state.pending.count + line.count <= capacity else {
                state.dropped += 1
                return nil
            }
            let wasEmpty = state.pending.isEmpty
            state.pending.append(contentsOf: line)
            return wasEmpty
        }
        if wasEmpty == true { wake.signal() }
    }

    /// Lines dropped so far because the buffer was full.
    public var droppedCount: Int { state.withLock { $0.dropped } }

    /// Writes everything queued, then stops the writer thread; later lines are dropped.
    /// Call once, at exit.
    public func shutdown() {
        let first = state.withLock { state -> Bool in
            defer { state.stopping = true }
            return !state.stopping
        }
        guard first else { return }
        wake.signal()
        finished.wait()
    }

    private func drainUntilStopped() {
        var reportedDrops = 0
        while true {
            wake.wait()
            if !state.withLock({ $0.stopping }) {
                let (seconds, attoseconds) = batchInterval.components
                usleep(UInt32(seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
            }
            let (batch, dropped, stopping) = state.withLock { state in
                var batch: [UInt8] = []
                swap(&batch, &state.pending)
                return (batch, state.dropped, state.stopping)
            }
            if !batch.isEmpty { sink(batch) }
            if dropped > reportedDrops {
                sink(Array("quill-server: \(dropped - reportedDrops) log lines dropped (standard error was slower than the logging)\n".utf8))
                reportedDrops = dropped
            }
            if stopping {
                finished.signal()
                return
            }
        }
    }
}
