import Foundation
import NoteStoreInterface
import QuillModels
import StandardInterfaces
import SyncStateInterface
import SyncTransportInterface

/// Brings the local store and the sync server to the same notes without losing an edit.
///
/// An actor so that one engine never runs two syncs over the same state at once. A sync:
/// 1. checks the server's API version;
/// 2. resends an interrupted push exactly as it was recorded, request ID and changes (the
///    server answers it from its record, so nothing is applied twice, whatever was edited since);
/// 3. pulls pages since the saved cursor, applying each with `origin: .remote` and saving
///    the cursor only after the page is applied;
/// 4. pushes pending notes with their base revisions, acknowledging what the server applied
///    and resolving conflicts (see `Reconciliation`), until nothing is pending.
/// Every step is safe to repeat, so a sync killed at any moment resumes cleanly.
public actor SyncEngine {
    /// The sync API version this client speaks.
    public static let clientAPIVersion = 1
    /// Push rounds per sync: conflicts re-mark notes pending, which the next round pushes.
    static let maximumPushRounds = 4

    private let store: any NoteReading & NoteWriting & PendingChangeTracking
    private let transport: any SyncTransport
    private let state: any SyncStateStoring
    private let baseRevisions: any BaseRevisionStoring
    private let clock: any WallClock
    private let random: any RandomSource
    private let retrier: Retrier
    private let pageSize: Int

    public init(
        store: any NoteReading & NoteWriting & PendingChangeTracking, transport: any SyncTransport, state: any SyncStateStoring,
        baseRevisions: any BaseRevisionStoring, clock: any WallClock, sleeper: any Sleeping,
        random: any RandomSource, retryPolicy: RetryPolicy = .standard, pageSize: Int = 1000
    ) {
        self.store = store
        self.transport = transport
        self.state = state
        self.baseRevisions = baseRevisions
        self.clock = clock
        self.random = random
        self.retrier = Retrier(policy: retryPolicy, sleeper: sleeper, random: random)
        self.pageSize = max(1, pageSize)
    }

    /// Runs one full sync and says what it did.
    public func sync(progress: @Sendable (SyncProgress) -> Void = { _ in }) async throws -> SyncReport {
        var report = SyncReport()
        let info = try await retrier.run { try await self.transport.serverInfo() }
        try Self.checkCompatible(info)

        var saved = try await state.load()
        if let interrupted = saved.inFlightPush {
            do {
                try await send(interrupted, report: &report)
            } catch let error as SyncError where error.isRequestTooLarge || error == .requestIDReused(interrupted.requestID) {
                // Refused whole, so none of it was applied: its notes are still pending, and go out
                // below under new IDs (in smaller batches if it was too large).
            }
            // Processed: later saves may forget it (resending it again would only replay its answer).
            saved.inFlightPush = nil
        }

        while true {
            let cursor = saved.cursor
            let page = try await retrier.run {
                try await self.transport.changes(since: cursor, limit: self.pageSize)
            }
            let outcome = try await reconcile(page.changes.map { .init(note: $0, isOwnPush: false) })
            report.pulled += outcome.changed
            report.conflicts += outcome.conflicts
            if page.next != saved.cursor {
                saved.cursor = page.next
                try await state.save(saved)
            }
            progress(.pulling(received: report.pulled))
            if !page.hasMore || page.changes.isEmpty { break }
        }

        for _ in 0..<Self.maximumPushRounds {
            let pending = try await store.pendingChanges()
            if pending.isEmpty { break }
            var sent = 0
            for start in stride(from: 0, to: pending.count, by: PushRequest.maximumChanges) {
                let batch = Array(pending[start..<min(start + PushRequest.maximumChanges, pending.count)])
                try await push(batch, saved: &saved, report: &report)
                sent += batch.count
                progress(.pushing(sent: sent, of: pending.count))
            }
        }

        // The last push is cleared only here: resending a push whose answer was already
        // processed (after a crash) is harmless, and it saves a durable write per batch.
        saved.inFlightPush = nil
        saved.lastSuccessfulSync = clock.now()
        try await state.save(saved)
        return report
    }

    /// Refuses a server whose API version differs from this client's (the message says who must upgrade).
    public static func checkCompatible(_ info: ServerInfo) throws(SyncError) {
        guard info.apiVersion == clientAPIVersion, info.minimumClientAPIVersion <= clientAPIVersion else {
            throw .incompatibleAPIVersion(server: info.apiVersion, client: clientAPIVersion,
                                          minimumClient: info.minimumClientAPIVersion)
        }
    }

    /// Pushes these notes in one request or, if the server finds it too large, in two halves
    /// (and so on): the API limits a request's bytes, not only its count of changes.
    private func push(_ ids: [NoteID], saved: inout SyncState, report: inout SyncReport) async throws {
        let request = try await makeRequest(ids)
        // Recorded with its changes before it is sent: if this process dies before the
        // answer is processed, the next sync resends exactly this request.
        saved.inFlightPush = request
        try await state.save(saved)
        do {
            try await send(request, report: &report)
        } catch let error as SyncError where error.isRequestTooLarge && ids.count > 1 {
            try await push(Array(ids[..<(ids.count / 2)]), saved: &saved, report: &report)
            try await push(Array(ids[(ids.count / 2)...]), saved: &saved, report: &report)
        }
    }

    /// The current version of each note, with its base revision, under a new request ID.
    private func makeRequest(_ ids: [NoteID]) async throws -> PushRequest {
        var notes: [Note] = []
        for id in ids {
            if let note = try await store.note(id: id) { notes.append(note) }
        }
        let bases = try await baseRevisions.baseRevisions(of: notes.map(\.id))
        return PushRequest(requestID: makeRequestID(), changes: notes.map { OutgoingChange(note: $0, baseRevision: bases[$0.id]) })
    }

    /// Sends one push (retrying under the same request ID) and applies its answer locally.
    private func send(_ request: PushRequest, report: inout SyncReport) async throws {
        let results = try await retrier.run { try await self.transport.push(request) }
        var incoming: [Reconciliation.Incoming] = []
        for result in results {
            switch result {
            case .applied(let note):
                report.pushed += 1
                incoming.append(.init(note: note, isOwnPush: true))
            case .conflict(let note):
                incoming.append(.init(note: note, isOwnPush: false))
            }
        }
        report.conflicts += try await reconcile(incoming).conflicts
    }

    /// Applies server versions locally, in an order that is safe to interrupt anywhere:
    /// conflict copies, then server versions, then acknowledgements, then base revisions.
    /// A local write racing with it (another `quill` process) makes it start over.
    private func reconcile(_ incoming: [Reconciliation.Incoming]) async throws -> (changed: Int, conflicts: Int) {
        let incoming = Self.latestPerNote(incoming)
        guard !incoming.isEmpty else { return (0, 0) }
        var attempt = 0
        while true {
            do {
                let plan = try await plan(incoming)
                let copies = plan.copies
                if !copies.isEmpty { try await store.apply(copies.map { .create($0) }, origin: .local) }
                if !plan.remoteWrites.isEmpty { try await store.apply(plan.remoteWrites, origin: .remote) }
                if !plan.acknowledgements.isEmpty { try await store.acknowledge(plan.acknowledgements) }
                try await baseRevisions.record(plan.bases)
                return (plan.changed, plan.conflicts)
            } catch let error as NoteStoreError where attempt < 3 && error.isRace {
                attempt += 1
            }
        }
    }

    private func plan(_ incoming: [Reconciliation.Incoming]) async throws -> Reconciliation {
        let ids = incoming.map(\.note.id)
        var local: [NoteID: Note] = [:]
        for id in ids {
            if let note = try await store.note(id: id) { local[id] = note }
        }
        let pending = Set(try await store.pendingChanges())
        let pendingHere = ids.filter { pending.contains($0) }
        let bases = pendingHere.isEmpty ? [:] : try await baseRevisions.baseRevisions(of: pendingHere)
        var taken = Set(ids)
        for item in incoming where pending.contains(item.note.id) {
            let copyID = ConflictCopy.id(for: item.note)
            if try await store.note(id: copyID) != nil { taken.insert(copyID) }
        }
        return try Reconciliation(incoming: incoming, local: local, pending: pending, bases: bases, taken: taken)
    }

    /// One version per note (the newest), in first-seen order: a duplicated delivery is harmless.
    static func latestPerNote(_ incoming: [Reconciliation.Incoming]) -> [Reconciliation.Incoming] {
        var order: [NoteID] = []
        var latest: [NoteID: Reconciliation.Incoming] = [:]
        for item in incoming {
            if let seen = latest[item.note.id] {
                if item.note.revision > seen.note.revision { latest[item.note.id] = item }
            } else {
                order.append(item.note.id)
                latest[item.note.id] = item
            }
        }
        return order.compactMap { latest[$0] }
    }

    private func makeRequestID() -> String {
        (0..<2).map { _ in
            let digits = String(random.nextUInt64(), radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }
}

extension SyncError {
    /// The server refused a request for its size (413): nothing of it was applied.
    var isRequestTooLarge: Bool {
        if case .rejected(413, _, _) = self { true } else { false }
    }
}

extension NoteStoreError {
    /// A write refused because another writer got there first: worth recomputing and retrying.
    var isRace: Bool {
        switch self {
        case .revisionConflict, .alreadyExists: true
        default: false
        }
    }
}
