import NIOCore
import NIOHTTPTypes

/// Closes a connection on which nothing has moved for `timeout`: the client sent nothing while
/// no request was being answered (it never sent a byte, left its request half-sent, or kept the
/// connection open between requests), or took none of an answer waiting for it.
///
/// Each open connection holds one of the process's file descriptors, so a client that opens
/// many and sends nothing (a "slow loris"), or asks for large answers and stops reading them,
/// would otherwise keep the server from accepting anyone else, and each stalled answer's bytes
/// in memory. Hummingbird's own idle timeout counts an answer as done once its last part is
/// handed to the channel, and closes the connection a timeout later even while the client is
/// still reading the bytes waiting for it; here an answer is done once those bytes are sent.
///
/// It looks every quarter of `timeout` at what the client has taken (the answers' bytes handed to
/// the channel, less those still waiting in it): while that grows, the client is reading. As
/// with nginx's `send_timeout`, "taken" is what the socket accepted: the kernel holds a few MB
/// for a client, so a reader is seen to take something each time the kernel has room again.
/// An answer that is being worked out or streamed with nothing waiting (an event stream between
/// heartbeats, an export compressing) is never idle.
final class IdleConnectionHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private let timeout: TimeAmount
    private var look: Scheduled<Void>?
    /// Requests whose answer has not been handed to the channel whole, and whether one is
    /// still being read.
    private var answering = 0
    private var reading = false
    /// When something last moved: a part of a request read, or bytes taken by the client.
    private var lastMoved = NIODeadline.now()
    /// The answers' body bytes handed to the channel, and what the client had taken of them at
    /// the last look (their framing makes it a few bytes short; it grows as the client reads).
    private var handed = 0
    private var taken = 0

    init(timeout: TimeAmount) {
        self.timeout = timeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { start(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        start(context)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        stop()
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        stop()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            answering += 1
            reading = true
        case .body: break
        case .end: reading = false
        }
        lastMoved = .now()
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head: break
        case .body(let bytes): handed += bytes.readableBytes
        case .end:
            answering = max(0, answering - 1)
            lastMoved = .now()
        }
        context.write(data, promise: promise)
    }

    private func start(_ context: ChannelHandlerContext) {
        guard look == nil else { return }
        lastMoved = .now()
        scheduleLook(context)
    }

    private func stop() {
        look?.cancel()
        look = nil
    }

    private func scheduleLook(_ context: ChannelHandlerContext) {
        let interval = TimeAmount.nanoseconds(max(timeout.nanoseconds / 4, 1_000_000))
        look = context.eventLoop.assumeIsolated().scheduleTask(in: interval) {
            self.look = nil
            guard context.channel.isActive else { return }
            if self.isIdle(context) {
                context.close(promise: nil)
            } else {
                self.scheduleLook(context)
            }
        }
    }

    /// Whether nothing has moved for `timeout` where something should have.
    private func isIdle(_ context: ChannelHandlerContext) -> Bool {
        let waiting = (try? context.channel.syncOptions?.getOption(.bufferedWritableBytes)) ?? 0
        if handed - waiting > taken {
            taken = handed - waiting
            lastMoved = .now()
        }
        if waiting == 0 && answering > 0 && !reading {
            // An answer is being worked out, or streamed with nothing waiting for the client.
            lastMoved = .now()
            return false
        }
        return NIODeadline.now() - lastMoved >= timeout
    }
}
