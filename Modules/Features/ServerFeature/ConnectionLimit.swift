import NIOCore
import NIOHTTPTypes
import Synchronization

/// How many connections the server holds open at once: its descriptor limit less a reserve.
///
/// Exists because every connection holds a descriptor, and so does every file a request opens
/// (an attachment, an upload's scratch file, SQLite's) and every timer libdispatch makes:
/// connections that took them all (a crowd that sends nothing) made an upload fail with "Too many
/// open files", and could make the process trap. At the cap the server stops accepting (the
/// kernel's backlog holds the rest, as it does while the server is busy) and accepts again as
/// connections close, which `IdleConnectionHandler` sees to for those that send nothing.
public final class ConnectionLimit: Sendable {
    public let maximum: Int
    /// The connections open, and whether accepting is paused for them.
    private let state = Mutex<(open: Int, paused: Bool)>((0, false))

    public init(maximum: Int) {
        self.maximum = max(1, maximum)
    }

    /// The connections a process may hold with `descriptors` open files allowed: a quarter of
    /// them, and at least 64, kept for everything else.
    public static func connections(descriptorLimit descriptors: Int) -> Int {
        max(1, descriptors - max(64, descriptors / 4))
    }

    /// Counts a connection opened; whether accepting must now pause.
    func opened() -> Bool {
        state.withLock { state in
            state.open += 1
            guard state.open >= maximum, !state.paused else { return false }
            state.paused = true
            return true
        }
    }

    /// Counts a connection closed; whether accepting may now go on.
    func closed() -> Bool {
        state.withLock { state in
            state.open -= 1
            guard state.paused, state.open < maximum else { return false }
            state.paused = false
            return true
        }
    }

    /// Whether the server should accept now (read on its listening channel).
    var accepts: Bool { state.withLock { !$0.paused } }
}

/// Counts its connection in a `ConnectionLimit`, and pauses or resumes the listening channel
/// (its parent) when the count crosses the limit; the parent's own event loop applies what
/// the limit says at that moment, so that changes from many connections at once settle right.
final class ConnectionLimitHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart

    private let limit: ConnectionLimit
    private var counted = false

    init(_ limit: ConnectionLimit) {
        self.limit = limit
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { count(context.channel) }
    }

    func channelActive(context: ChannelHandlerContext) {
        count(context.channel)
        context.fireChannelActive()
    }

    func channelInactive(context: ChannelHandlerContext) {
        uncount(context.channel)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        uncount(context.channel)
    }

    private func count(_ channel: Channel) {
        guard !counted else { return }
        counted = true
        if limit.opened() { settle(channel.parent) }
    }

    private func uncount(_ channel: Channel) {
        guard counted else { return }
        counted = false
        if limit.closed() { settle(channel.parent) }
    }

    private func settle(_ listening: Channel?) {
        guard let listening else { return }
        let limit = self.limit
        listening.eventLoop.execute {
            let accepts = limit.accepts
            listening.setOption(ChannelOptions.autoRead, value: accepts).whenSuccess {
                if accepts { listening.read() }
            }
        }
    }
}
