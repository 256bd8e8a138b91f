import Foundation
import NoteStoreInterface
import StandardInterfaces
import Synchronization
import SyncStateInterface
import SyncTransportInterface

/// `quill sync --watch`: syncs whenever this home's notes change or the server announces a
/// change, until the task is cancelled, and rides out a server or network that goes away.
///
/// Two followers wake one sync loop (`SyncWakes`): the home's directory (a local write that left
/// a note pending) and the server's change stream (`GET /v1/events`, resumed from its last
/// event after a break; an older server that streams nothing is pulled every `pollInterval`).
/// The loop runs one sync at a time, so wakes during a sync are merged into the next one. An
/// outage is told once when it starts and once when it ends (`WatchOutage`), with backoff
/// between attempts; a failure no retry mends (a refused token, an incompatible server) ends
/// the watch with its error.
struct SyncWatcher: Sendable {
    let engine: SyncEngine
    let transport: any SyncTransport
    let store: any PendingChangeTracking
    let state: any SyncStateStoring
    let localChanges: AsyncStream<Void>
    let sleeper: any Sleeping
    let random: any RandomSource
    let report: @Sendable (WatchEvent) -> Void

    /// How long a local wake waits for the writes around it to finish, so one save is one sync.
    static let settle = Duration.milliseconds(100)
    /// How often a server that streams no events is pulled.
    static let pollInterval = Duration.seconds(60)
    /// The waits between attempts while the server cannot be reached: 1 s doubling to 30 s.
    static let backoff = RetryPolicy(maximumAttempts: .max, initialDelay: .seconds(1), maximumDelay: .seconds(30))

    func run() async throws {
        let wakes = SyncWakes()
        let outage = WatchOutage(report: report)
        // The first sync runs before the stream opens, so the stream resumes from where it left the
        // feed and nothing written between them is missed.
        if !(try await syncOnce(outage: outage)) { wakes.signal(.retry) }
        try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in localChanges { wakes.signal(.local) }
                try Task.checkCancellation()
                throw WatchEnded.localChangesEnded
            }
            group.addTask {
                try await followServer(wakes: wakes, outage: outage)
            }
            group.addTask {
                try await syncLoop(wakes: wakes, outage: outage)
            }
            defer { group.cancelAll() }
            try await group.next()
        }
    }

    /// Syncs once per wake; a local wake with nothing pending (the watcher's own pulled writes)
    /// and a server event the last sync already covered are let go.
    private func syncLoop(wakes: SyncWakes, outage: WatchOutage) async throws {
        var failures = 0
        for await wake in wakes.stream {
            let wake = wakes.take(wake)
            if !wake.unconditional {
                try await sleeper.sleep(for: Self.settle)
                var covered = true
                if let cursor = wake.remoteCursor { covered = try await isCovered(cursor) }
                if covered, try await store.pendingChanges().isEmpty { continue }
            }
            if try await syncOnce(outage: outage) {
                failures = 0
            } else {
                failures += 1
                try await sleeper.sleep(for: Self.backoff.delay(beforeRetry: failures - 1, random: random.nextUInt64()))
                wakes.signal(.retry)
            }
        }
    }

    /// Whether the saved cursor is at or past `cursor` (cursors are the feed's numbers).
    private func isCovered(_ cursor: SyncCursor) async throws -> Bool {
        guard let saved = try await state.load().cursor, let at = Int64(saved.rawValue), let event = Int64(cursor.rawValue) else {
            return false
        }
        return event <= at
    }

    /// One sync: reported when it moved anything; `false` after a failure worth another
    /// attempt (told once per outage), thrown for any other.
    private func syncOnce(outage: WatchOutage) async throws -> Bool {
        do {
            let result = try await engine.sync()
            outage.ended()
            if result.moved { report(.synced(result)) }
            return true
        } catch let error as SyncError where error.isOutage {
            outage.began(error.description)
            return false
        }
    }

    /// Follows the server's change stream, reconnecting with backoff, or pulls now and then
    /// from a server that streams nothing.
    private func followServer(wakes: SyncWakes, outage: WatchOutage) async throws {
        var failures = 0
        while !(try await streamsEvents(wakes: wakes, outage: outage)) {
            failures += 1
            try await sleeper.sleep(for: Self.backoff.delay(beforeRetry: failures - 1, random: random.nextUInt64()))
        }
        let position = EventPosition(try await state.load().cursor)
        failures = 0
        while true {
            let reason: String
            let outcome = await followOnce(position: position, wakes: wakes, outage: outage)
            let wasConnected = position.takeConnected()
            switch outcome {
            case .success(let closed): reason = closed ?? "the server ended the live connection"
            case .failure(.rejected(404, _, _)): try await poll(wakes: wakes)
            case .failure(let error) where error.isOutage:
                reason = wasConnected ? "the live connection to the server broke" : error.description
            case .failure(let error): throw error
            }
            try Task.checkCancellation()
            failures = wasConnected ? 0 : failures + 1
            outage.began(reason)
            try await sleeper.sleep(for: Self.backoff.delay(beforeRetry: failures, random: random.nextUInt64()))
            // What was missed comes with the stream's catch-up (a server that came back with
            // another database answers `resync`).
        }
    }

    /// One connection of the stream, until it ends: the reason the server gave, if it closed it.
    private func followOnce(position: EventPosition, wakes: SyncWakes, outage: WatchOutage) async -> Result<String?, SyncError> {
        do {
            try await transport.followEvents(after: position.cursor) { event in
                switch event {
                case .ready(let cursor):
                    position.move(to: cursor)
                    position.connected()
                    outage.ended()
                case .noteChanged(let cursor, _, _):
                    position.move(to: cursor)
                    wakes.signal(.remote(cursor))
                case .resync(let cursor):
                    position.move(to: cursor)
                    position.connected()
                    outage.ended()
                    wakes.signal(.retry)
                case .closed(let why):
                    position.closed(why)
                }
            }
            return .success(position.takeClosed())
        } catch {
            return .failure(error)
        }
    }

    /// Whether the server streams events; pulls now and then (and never returns) if it does not;
    /// `false` while it cannot be asked.
    private func streamsEvents(wakes: SyncWakes, outage: WatchOutage) async throws -> Bool {
        let info: ServerInfo
        do {
            info = try await transport.serverInfo()
        } catch {
            guard error.isOutage else { throw error }
            outage.began(error.description)
            return false
        }
        if !info.streamsEvents { try await poll(wakes: wakes) }
        return true
    }

    /// Wakes the loop every `pollInterval`, for a server that streams nothing.
    private func poll(wakes: SyncWakes) async throws -> Never {
        report(.polling(every: Self.pollInterval))
        while true {
            try await sleeper.sleep(for: Self.pollInterval)
            wakes.signal(.retry)
        }
    }
}

/// Why a watch ended of itself.
enum WatchEnded: Error, CustomStringConvertible {
    /// The kernel stopped reporting the home's changes.
    case localChangesEnded

    var description: String { "the watch of this home's notes ended (the kernel stopped reporting changes); start it again" }
}

/// What a watcher tells the person, as it happens.
public enum WatchEvent: Hashable, Sendable {
    /// The watch began, syncing with this server (from the start when the home's sync state
    /// was made with another, `startedAfreshFrom`).
    case started(server: URL, startedAfreshFrom: URL?)
    /// A sync moved notes or attachments.
    case synced(SyncReport)
    /// The server streams no changes (an older `quill-server`): it is pulled this often.
    case polling(every: Duration)
    /// The server cannot be reached or the live connection broke, and why: told once, when the
    /// outage begins; the watcher keeps trying.
    case interrupted(String)
    /// The server answers again after an outage.
    case resumed
}

extension SyncReport {
    /// Whether the sync moved anything worth a line.
    var moved: Bool {
        pulled + pushed + conflicts + attachmentsSent + attachmentsFetched > 0 || !attachmentsRefused.isEmpty
    }
}

extension SyncError {
    /// A failure that a watcher waits out (the server or the network is away, the server is
    /// failing, busy or out of disk space) rather than a reason to stop.
    var isOutage: Bool {
        switch self {
        case .unreachable, .timedOut, .serverError, .serverStorageFull: true
        case .rejected(let status, _, _): status == 429 || status == 408
        default: false
        }
    }
}

/// Why the sync loop is woken.
enum SyncWake: Sendable {
    /// The home's directory changed: sync if a note is pending.
    case local
    /// The server announced a change at this cursor: sync unless the last sync covered it.
    case remote(SyncCursor)
    /// Sync whatever the state (a retry, a poll, a resync).
    case retry
}

/// Wakes for the sync loop, merged while it syncs: the loop takes them all at once.
final class SyncWakes: Sendable {
    /// What the wakes taken together ask for.
    struct Merged {
        var unconditional = false
        var remoteCursor: SyncCursor?
    }

    let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation
    private let pending = Mutex(Merged())

    init() {
        (stream, continuation) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    func signal(_ wake: SyncWake) {
        pending.withLock { merged in
            switch wake {
            case .local: break
            case .remote(let cursor): merged.remoteCursor = cursor
            case .retry: merged.unconditional = true
            }
        }
        continuation.yield()
    }

    /// Everything signalled since the last take.
    func take(_: Void) -> Merged {
        pending.withLock { merged in
            defer { merged = Merged() }
            return merged
        }
    }
}

/// Where the watcher's stream stands: the last event ID to resume from, whether this connection
/// got as far as `ready`, and the reason the server gave when it closed the stream.
final class EventPosition: Sendable {
    private let state: Mutex<(cursor: SyncCursor?, connected: Bool, closed: String?)>

    init(_ cursor: SyncCursor?) {
        state = Mutex((cursor, false, nil))
    }

    var cursor: SyncCursor? { state.withLock { $0.cursor } }
    func move(to cursor: SyncCursor) { state.withLock { $0.cursor = cursor } }
    func connected() { state.withLock { $0.connected = true } }
    func closed(_ reason: String) { state.withLock { $0.closed = reason } }
    func takeConnected() -> Bool { state.withLock { state in defer { state.connected = false }; return state.connected } }
    func takeClosed() -> String? { state.withLock { state in defer { state.closed = nil }; return state.closed } }
}

/// Whether the server is away, so that an outage is told once when it begins and once when it
/// ends, whichever of the sync loop and the stream notices first.
final class WatchOutage: Sendable {
    private let away = Mutex(false)
    private let report: @Sendable (WatchEvent) -> Void

    init(report: @escaping @Sendable (WatchEvent) -> Void) {
        self.report = report
    }

    func began(_ reason: String) {
        if away.withLock({ away in defer { away = true }; return !away }) { report(.interrupted(reason)) }
    }

    func ended() {
        if away.withLock({ away in defer { away = false }; return away }) { report(.resumed) }
    }
}
