import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import Synchronization

/// A download's answer handed from the connection's event loop to the task that consumes it,
/// with up to `highWatermark` pieces waiting between the two.
///
/// Exists because async-http-client's own streamed body (`HTTPClientResponse.Body`) lets a single
/// piece wait: the connection stops reading after each piece (at most 64 KiB) until the task has
/// taken it, so every piece of a gigabyte cost each thread a wake-up, and the two threads took
/// turns instead of working at once. Here the connection reads on while the task hashes and
/// writes, and pauses only when `highWatermark` pieces wait.
final class DownloadPieces: HTTPClientResponseDelegate {
    typealias Response = Void
    typealias Pieces = NIOThrowingAsyncSequenceProducer<
        ByteBuffer, any Error, NIOAsyncSequenceProducerBackPressureStrategies.HighLowWatermark, Demand
    >

    /// Pieces (each up to 64 KiB) that may wait for the task: 1 MiB at most.
    static let highWatermark = 16

    /// The answer's status and headers, once they arrive.
    let head: EventLoopPromise<HTTPResponseHead>
    /// The body's pieces, in order; ends with the answer, or with its error.
    let pieces: Pieces
    private let source: Pieces.Source
    private let demand: Demand

    init(eventLoop: any EventLoop) {
        head = eventLoop.makePromise()
        demand = Demand()
        let made = Pieces.makeSequence(
            backPressureStrategy: .init(lowWatermark: Self.highWatermark / 4, highWatermark: Self.highWatermark),
            finishOnDeinit: true, delegate: demand)
        pieces = made.sequence
        source = made.source
    }

    func didReceiveHead(task: HTTPClient.Task<Void>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        self.head.succeed(head)
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Void>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        switch source.yield(buffer) {
        case .produceMore, .dropped:
            return task.eventLoop.makeSucceededVoidFuture()
        case .stopProducing:
            return demand.wait(on: task.eventLoop)
        }
    }

    func didReceiveError(task: HTTPClient.Task<Void>, _ error: any Error) {
        head.fail(error)
        source.finish(error)
    }

    func didFinishRequest(task: HTTPClient.Task<Void>) throws {
        source.finish()
    }

    /// Resumes the connection's reading when the task has taken enough pieces (or is gone).
    final class Demand: NIOAsyncSequenceProducerDelegate {
        private enum State {
            case reading
            /// The connection waits for this promise to read on.
            case paused(EventLoopPromise<Void>)
            /// The task asked for more before the connection paused.
            case wanted
        }

        private let state = Mutex(State.reading)

        /// A future the connection waits on, already succeeded if the task has asked meanwhile.
        func wait(on eventLoop: any EventLoop) -> EventLoopFuture<Void> {
            state.withLock { state in
                if case .wanted = state {
                    state = .reading
                    return eventLoop.makeSucceededVoidFuture()
                }
                let promise = eventLoop.makePromise(of: Void.self)
                state = .paused(promise)
                return promise.futureResult
            }
        }

        func produceMore() {
            let paused: EventLoopPromise<Void>? = state.withLock { state in
                if case .paused(let promise) = state {
                    state = .reading
                    return promise
                }
                state = .wanted
                return nil
            }
            paused?.succeed()
        }

        func didTerminate() {
            produceMore()
        }
    }
}
