import Foundation
import Hummingbird
import QuillAPI
import QuillModels
import ServerStoreInterface
import StandardInterfaces
import ServiceLifecycle
import Synchronization

/// `GET /v1/events`: the account's change feed as Server-Sent Events, live (docs/sync.md, "Live
/// changes"), kept open while the token holds (`AccountEvents`).
///
/// A stream, woken, reads the feed from its own cursor and writes one `note` event per
/// change, the change's cursor as the event's ID. So a client that reconnects with `Last-Event-ID`
/// gets every change since, once, in order, and a lost or merged signal loses nothing. Nothing is
/// queued for a stream: it reads the feed only as fast as its client takes the events, so a slow
/// client costs the same memory as an idle one. Every `eventHeartbeat` without an event a comment line
/// keeps proxies from closing the connection, and the token is checked again: a revoked or expired
/// token ends the stream. A graceful shutdown ends every stream with a `closed` event. What
/// changes outside the feed (`AccountNotice`) is passed on as events without an ID.
struct EventRoutes {
    let dependencies: ServerDependencies

    func register(on group: RouterGroup<ServerRequestContext>) {
        group.on(.events, use: events)
    }

    func events(_ request: Request, _ context: ServerRequestContext) async throws -> Response {
        let account = try context.requireAccount()
        let token = context.tokenID, dependencies = self.dependencies
        return try await AccountEvents(dependencies: dependencies).response(for: account.id, request: request, endsWith: token) {
            guard let token else { return true }
            guard let stored = try await dependencies.accounts.token(id: token) else { return false }
            return stored.account.id == account.id && !stored.token.hasExpired(at: dependencies.clock.now())
        }
    }
}

/// An account's change feed as Server-Sent Events, for each door that has decided whose it is:
/// the API's `GET /v1/events` (a bearer token) and the web reader's `/events` (a session).
///
/// A stream is a reader of the change feed that waits for a change signal (`ChangeSignaling`)
/// instead of polling. The door says what keeps the stream open: the token whose revocation ends
/// it at once, and a check made at each heartbeat (the token or session still holds).
public struct AccountEvents: Sendable {
    static let pageSize = 200
    static let lastEventID = HTTPFields.Element.Name("Last-Event-ID")!
    static let accelBuffering = HTTPFields.Element.Name("X-Accel-Buffering")!

    let dependencies: ServerDependencies

    public init(dependencies: ServerDependencies) {
        self.dependencies = dependencies
    }

    /// The stream of `account`'s changes from the request's `Last-Event-ID` (or `since`), or from
    /// now. Throws `APIError` for an event ID this server never gave out, and when the account has
    /// the most streams open already.
    public func response(for account: AccountID, request: Request, endsWith token: TokenID?,
                         holds: @escaping @Sendable () async throws -> Bool) async throws -> Response {
        let latest = try await dependencies.notes.latestCursor(account: account)
        var start = latest, resync = false
        let given = request.headers[Self.lastEventID] ?? request.uri.queryParameters.get("since").map { String($0) }
        if let given {
            guard let cursor = ChangeCursor(given) else {
                throw APIError.badRequest("Last-Event-ID: '\(given)' is not an event ID this server gave out (a cursor of the change feed)")
            }
            if cursor > latest { resync = true } else { start = cursor }
        }
        let counts = dependencies.eventStreams
        guard counts.hasRoom(account) else {
            throw APIError(.tooManyRequests, code: "too_many_streams",
                           message: "this account has \(EventStreamCounts.maximumPerAccount) event streams open already; close one first")
        }
        let stream = EventStream(dependencies: dependencies, account: account, token: token, holds: holds)
        let from = start, resyncing = resync
        return Response(
            status: .ok,
            headers: [.contentType: "text/event-stream; charset=utf-8", .cacheControl: "no-store", Self.accelBuffering: "no"],
            body: ResponseBody { writer in
                // Counted while the body is written, so a response never written holds no slot;
                // one that lost the race for the last slot ends at once.
                guard counts.take(account) else {
                    try await writer.write(try EventStream.event("closed", id: nil, ["reason": EventStream.Ending.tooMany.rawValue]))
                    try await writer.finish(nil)
                    return
                }
                defer { counts.release(account) }
                // A client that goes away ends its stream (and gives its slot back) at once, not
                // at the next heartbeat's write.
                do {
                    try await request.body.consumeWithCancellationOnInboundClose { _ in
                        try await stream.run(from: from, resync: resyncing, writer: &writer)
                    }
                } catch is CancellationError {}
            })
    }
}

/// One open stream: its account and what keeps it open.
///
/// While it waits it costs two tasks (the loop that writes, and the watch that beats the heartbeat
/// and catches a stalled write) and two subscriptions that hand what they hear to the loop.
struct EventStream: Sendable {
    let dependencies: ServerDependencies
    let account: AccountID
    /// The token whose revocation ends the stream at once, if any.
    let token: TokenID?
    /// Whether the stream may go on, asked at each heartbeat (the token or session still holds).
    let holds: @Sendable () async throws -> Bool

    /// Why a stream ends of itself.
    enum Ending: String {
        case shutdown = "the server is stopping; connect again"
        case tokenEnded = "the token or session was revoked or has expired"
        case tooMany = "this account has the most event streams open already; close one first"
    }

    func run(from start: ChangeCursor, resync: Bool, writer: inout any ResponseBodyWriter) async throws {
        // Wakes: a change signal, a notice, the revocation of the stream's token, or a heartbeat's time.
        let (ticks, tick) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        let revoked = RevocationMark()
        let pending = PendingNotices()
        // Subscribed before the first read of the feed, so no change between them goes unnoticed.
        let heard = dependencies.changeSignals.subscribe(to: account) { signal in
            if case .notice(let notice) = signal { pending.add(notice) }
            tick.yield()
        }
        let revocation = token.map { own in
            dependencies.revocations.subscribeToRevocations { revokedToken in
                guard revokedToken == own else { return }
                revoked.mark()
                tick.yield()
            }
        }
        defer {
            heard.end()
            revocation?.end()
        }
        let writes = StreamWrites(heartbeat: dependencies.eventHeartbeat)
        try await writes.watching(beat: { tick.yield() }) {
            try await withGracefulShutdownHandler {
                var cursor = start
                try await writes.send(Self.text("retry: 2000\n\n"), to: &writer)
                if resync {
                    try await writes.send(try Self.event("resync", id: cursor, EventCursorBody(cursor: cursor.description)), to: &writer)
                } else {
                    try await writes.send(try Self.event("ready", id: cursor, EventCursorBody(cursor: cursor.description)), to: &writer)
                }
                _ = try await write(after: &cursor, to: &writer, writes: writes)
                var lastWrite = ContinuousClock.now
                for await _ in ticks {
                    if writes.isStopping {
                        try await writes.send(try Self.event("closed", id: nil, ["reason": Ending.shutdown.rawValue]), to: &writer)
                        break
                    }
                    if revoked.isMarked {
                        try await writes.send(try Self.event("closed", id: nil, ["reason": Ending.tokenEnded.rawValue]), to: &writer)
                        break
                    }
                    if try await write(after: &cursor, to: &writer, writes: writes) { lastWrite = .now }
                    let notices = pending.takeAll()
                    for notice in notices { try await writes.send(try Self.event(notice), to: &writer) }
                    if !notices.isEmpty { lastWrite = .now }
                    if ContinuousClock.now - lastWrite >= dependencies.eventHeartbeat {
                        guard try await holds() else {
                            try await writes.send(try Self.event("closed", id: nil, ["reason": Ending.tokenEnded.rawValue]), to: &writer)
                            break
                        }
                        try await writes.send(Self.text(": keep-alive\n\n"), to: &writer)
                        lastWrite = .now
                    }
                }
            } onGracefulShutdown: {
                writes.beginStopping()
                tick.yield()
            }
            // Watched too: the last chunk waits for room in the socket as any write does.
            try await writer.finish(nil)
        }
    }

    /// Writes every change after `cursor` as `note` events, moving `cursor` past each; whether
    /// it wrote any.
    private func write(after cursor: inout ChangeCursor, to writer: inout any ResponseBodyWriter, writes: StreamWrites) async throws -> Bool {
        var wrote = false
        while true {
            let page = try await dependencies.notes.changes(account: account, after: cursor, limit: AccountEvents.pageSize)
            var buffer = ByteBuffer()
            for (note, at) in zip(page.notes, page.cursors) {
                buffer.writeImmutableBuffer(try Self.event("note", id: at, NoteChangeEventBody(note)))
            }
            if buffer.readableBytes > 0 {
                try await writes.send(buffer, to: &writer)
                wrote = true
            }
            cursor = page.next
            guard page.hasMore else { return wrote }
        }
    }

    static func event(_ name: String, id: ChangeCursor?, _ data: some Encodable) throws -> ByteBuffer {
        var buffer = ByteBuffer()
        if let id { buffer.writeString("id: \(id)\n") }
        buffer.writeString("event: \(name)\ndata: ")
        buffer.writeBytes(try JSONBody.bytes(data))
        buffer.writeString("\n\n")
        return buffer
    }

    /// A notice's event, with no ID: the client's place in the feed stays where its last note put it.
    static func event(_ notice: AccountNotice) throws -> ByteBuffer {
        switch notice {
        case .attachment(let sha256, let size): try event("attachment", id: nil, AttachmentEventBody(sha256: sha256, size: size))
        case .devices: try event("devices", id: nil, [String: String]())
        case .shares: try event("shares", id: nil, [String: String]())
        }
    }

    static func text(_ text: String) -> ByteBuffer { ByteBuffer(string: text) }
}

/// The notices a stream heard and has not written yet, in order; the newest
/// `AccountNotice.buffered` when its client reads slowly, and one `devices` or `shares` for
/// several in a row.
final class PendingNotices: Sendable {
    private let notices = Mutex<[AccountNotice]>([])

    func add(_ notice: AccountNotice) {
        notices.withLock { notices in
            if notice != .devices && notice != .shares || !notices.contains(notice) { notices.append(notice) }
            if notices.count > AccountNotice.buffered { notices.removeFirst(notices.count - AccountNotice.buffered) }
        }
    }

    func takeAll() -> [AccountNotice] {
        notices.withLock { notices in
            defer { notices.removeAll() }
            return notices
        }
    }
}

/// A stream's writes, watched: a client that stops reading fills its socket's buffer, and the
/// write then waits for room that never comes. A write that waits longer than two heartbeats (one
/// second once the server is stopping) ends the stream and drops the connection, so a stalled
/// client holds no slot and no memory for long, and never holds up a stopping server.
final class StreamWrites: Sendable {
    private let state = Mutex<(waitingSince: ContinuousClock.Instant?, stopping: Bool)>((nil, false))
    private let heartbeat: Duration

    init(heartbeat: Duration) {
        self.heartbeat = heartbeat
    }

    /// The graceful shutdown has begun (read by the stream's loop, and by the watch).
    func beginStopping() { state.withLock { $0.stopping = true } }
    var isStopping: Bool { state.withLock { $0.stopping } }

    func send(_ buffer: ByteBuffer, to writer: inout any ResponseBodyWriter) async throws {
        state.withLock { $0.waitingSince = .now }
        defer { state.withLock { $0.waitingSince = nil } }
        try await writer.write(buffer)
    }

    /// How long the watch sleeps: a quarter second while a write waits or the server stops (a stall
    /// is then caught soon after its limit), a second otherwise (a write that starts meanwhile is
    /// seen within it), never more than a heartbeat.
    private var watchInterval: Duration {
        let busy = state.withLock { $0.waitingSince != nil || $0.stopping }
        return min(busy ? .milliseconds(250) : .seconds(1), heartbeat)
    }

    /// Whether a write has waited longer than it may.
    private var isStalled: Bool {
        state.withLock { state in
            guard let since = state.waitingSince else { return false }
            return ContinuousClock.now - since > (state.stopping ? .seconds(1) : heartbeat * 2)
        }
    }

    /// Runs `operation` (the stream) in a child task, cancelled when a write stalls (then throws
    /// `Stalled`, so that the connection is dropped), and calls `beat` once a heartbeat meanwhile.
    func watching(beat: @escaping @Sendable () -> Void, _ operation: () async throws -> Void) async throws {
        try await withoutActuallyEscaping(operation) { operation in
            let running = UncheckedSendable(operation)
            let stalled = try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask {
                    try await running.value()
                    return false
                }
                group.addTask {
                    let clock = ContinuousClock()
                    var nextBeat = clock.now + self.heartbeat
                    while !self.isStalled {
                        try await Task.sleep(for: self.watchInterval)
                        if clock.now >= nextBeat {
                            beat()
                            nextBeat = clock.now + self.heartbeat
                        }
                    }
                    return true
                }
                defer { group.cancelAll() }
                return try await group.next() ?? false
            }
            if stalled { throw Stalled() }
        }
    }

    /// What ends a stream whose client stopped reading.
    struct Stalled: Error {}
}

/// That a stream's token was revoked, heard by one of the stream's tasks and read by its loop.
final class RevocationMark: Sendable {
    private let marked = Mutex(false)

    func mark() { marked.withLock { $0 = true } }
    var isMarked: Bool { marked.withLock { $0 } }
}

/// A value handed to a child task that the parent outlives: the stream's operation, which holds
/// the response's writer, runs in a child while the route waits for it.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
