import ByteStreamInterface
import NIOCore
import Synchronization

/// The exporter's output as a response body: each chunk it writes becomes a piece the client
/// is sent, and the exporter waits (`waitForRoom`) while `highWatermark` pieces wait for the
/// client.
///
/// Exists so that a slow or stalled client holds back the export instead of the server holding
/// the whole archive in memory for it.
final class StreamingSink: ByteSink, Sendable {
    typealias Pieces = NIOThrowingAsyncSequenceProducer<
        ByteBuffer, any Error, NIOAsyncSequenceProducerBackPressureStrategies.HighLowWatermark, Room
    >

    /// Pieces (the compressor's, up to 256 KiB) that may wait for the client.
    static let highWatermark = 8

    /// What the response sends, in order.
    let pieces: Pieces
    private let source: Pieces.Source
    private let room: Room

    init() {
        room = Room()
        let made = Pieces.makeSequence(
            backPressureStrategy: .init(lowWatermark: Self.highWatermark / 2, highWatermark: Self.highWatermark),
            finishOnDeinit: true, delegate: room)
        pieces = made.sequence
        source = made.source
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws(ByteStreamError) {
        switch source.yield(ByteBuffer(bytes: bytes)) {
        case .produceMore: break
        case .stopProducing: room.fill()
        case .dropped: throw .writeFailed("the client went away")
        }
    }

    nonisolated(nonsending) func waitForRoom() async {
        await room.wait()
    }

    func close() throws(ByteStreamError) {}

    func abandon() {}

    /// Ends the response after the last piece.
    func finish() { source.finish() }

    /// Cuts the response short.
    func finish(throwing error: any Error) { source.finish(error) }

    /// Runs `action` once the response is over, sent or abandoned by the client.
    func onTermination(_ action: @escaping @Sendable () -> Void) { room.onTermination(action) }

    /// Whether the exporter may write on: full once `highWatermark` pieces wait, free again when
    /// the client has taken them down to half.
    final class Room: NIOAsyncSequenceProducerDelegate {
        private struct State {
            var full = false
            /// The client took enough before the writer saw the sequence full.
            var freedEarly = false
            var over = false
            var waiter: CheckedContinuation<Void, Never>?
            var terminated: (@Sendable () -> Void)?
        }

        private let state = Mutex(State())

        func fill() {
            state.withLock { state in
                if state.freedEarly {
                    state.freedEarly = false
                } else if !state.over {
                    state.full = true
                }
            }
        }

        func wait() async {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let now: Bool = state.withLock { state in
                    guard state.full else { return true }
                    state.waiter = continuation
                    return false
                }
                if now { continuation.resume() }
            }
        }

        func onTermination(_ action: @escaping @Sendable () -> Void) {
            let already: Bool = state.withLock { state in
                if state.over { return true }
                state.terminated = action
                return false
            }
            if already { action() }
        }

        func produceMore() {
            state.withLock { state in
                if !state.full { state.freedEarly = true }
                state.full = false
                return state.waiter.take()
            }?.resume()
        }

        func didTerminate() {
            let (waiter, action) = state.withLock { state in
                state.over = true
                state.full = false
                return (state.waiter.take(), state.terminated.take())
            }
            waiter?.resume()
            action?()
        }
    }
}
