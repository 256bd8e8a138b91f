import StandardInterfaces
import Foundation
import NoteStoreInterface
import QuillModels
import SyncStateInterface
import SyncTransportInterface

/// Brings the local store and the sync server to the same notes without losing an edit.
///
/// An actor so that one engine never runs two syncs over the same state at once. A sync:
/// 1. checks the server's API version;
/// 2. resends interrupted pushes exactly as they were recorded, request ID and changes (the
///    server answers each from its record, so nothing is applied twice, whatever was edited since);
/// 3. pulls pages since the saved cursor, applying each with `origin: .remote` and saving
///    the cursor only after the page is applied;
/// 4. pushes pending notes with their base revisions, two requests in flight (`PushFlight`),
///    acknowledging what the server applied and resolving conflicts (see `Reconciliation`),
///    until nothing is pending;
/// 5. moves the attachments the pulled and pushed notes refer to (`AttachmentLane`), remembered
///    in the state with the page or push that brought them, so a sync killed midway sends or
///    fetches them next time.
/// Every step is safe to repeat, so a sync killed at any moment resumes cleanly.
public actor SyncEngine {
    /// What a sync needs of the local store.
    public typealias SyncedNoteStore = NoteReading & NoteWriting & PendingChangeTracking & DamagedNoteSettingAside

    /// The sync API version this client speaks.
    public static let clientAPIVersion = 1
    /// Push rounds per sync: conflicts re-mark notes pending, which the next round pushes.
    static let maximumPushRounds = 4
    /// Pending notes read from the store in one call while batches are made.
    static let readAhead = 250

    let store: any SyncedNoteStore
    /// Where attachments are kept; `nil`: notes only.
    private let attachments: (any AttachmentStoring)?
    let transport: any SyncTransport
    let state: any SyncStateStoring
    let baseRevisions: any BaseRevisionStoring
    private let clock: any WallClock
    private let random: any RandomSource
    let retrier: Retrier
    private let pageSize: Int
    /// The damaged notes this sync set aside so far (`readableNotes`), for its report.
    var damagedNotes: [DamagedNote] = []

    public init(
        store: any SyncedNoteStore, transport: any SyncTransport, state: any SyncStateStoring,
        baseRevisions: any BaseRevisionStoring, clock: any WallClock, sleeper: any Sleeping,
        random: any RandomSource, retryPolicy: RetryPolicy = .standard, pageSize: Int = 1000,
        attachments: (any AttachmentStoring)? = nil
    ) {
        self.store = store
        self.attachments = attachments
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
        damagedNotes = []
        defer { damagedNotes = [] }
        let info = try await retrier.run { try await self.transport.serverInfo() }
        try Self.checkCompatible(info)

        var saved = try await state.load()
        var flight = PushFlight(server: info)
        for interrupted in saved.inFlightPushes {
            do {
                try await apply(try await retrier.run { try await self.transport.push(interrupted) }, to: interrupted,
                                flight: &flight, saved: &saved, report: &report)
            } catch let error as SyncError where error.isRequestTooLarge || error == .requestIDReused(interrupted.requestID) {
                // Refused whole, so none of it was applied: its notes are still pending, and go out
                // below under new IDs (in smaller batches if it was too large).
            }
        }
        // Processed: later saves may forget them (resending one again would only replay its answer).
        saved.inFlightPushes = []

        var page = try await pulledPage(after: saved.cursor)
        while true {
            // The next page is fetched (and decoded) while this one is applied.
            let nextCursor: SyncCursor? = page.hasMore && !page.changes.isEmpty ? page.next : nil
            async let following = nextCursor == nil ? nil : pulledPage(after: nextCursor)
            let outcome = try await reconcile(page.changes.map { .init(note: $0, isOwnPush: false, leavesEditsToThePush: info.merges) })
            report.pulled += outcome.changed
            report.conflicts += outcome.conflicts
            try remember(AttachmentLane.references(in: page.changes), in: \.attachmentsToFetch, of: &saved)
            if page.next != saved.cursor {
                saved.cursor = page.next
                try await state.save(saved)
            }
            progress(.pulling(received: report.pulled))
            guard let next = try await following else { break }
            page = next
        }

        try await pushPending(flight: &flight, saved: &saved, report: &report, progress: progress)

        try await moveAttachments(info: info, saved: &saved, report: &report)

        // The last pushes are cleared only here: resending a push whose answer was already
        // processed (after a crash) is harmless, and it saves a durable write per batch.
        saved.inFlightPushes = []
        saved.lastSuccessfulSync = clock.now()
        saved.serverMaximumAttachmentBytes = info.maximumAttachmentBytes
        try await state.save(saved)
        report.damagedNotes = damagedNotes
        return report
    }

    /// Adds the hashes not listed yet to one of the state's lists (saved with what comes next).
    func remember(_ hashes: [AttachmentHash], in list: WritableKeyPath<SyncState, [AttachmentHash]>, of saved: inout SyncState) throws {
        guard attachments != nil, !hashes.isEmpty else { return }
        let listed = Set(saved[keyPath: list])
        saved[keyPath: list] += hashes.filter { !listed.contains($0) }
    }

    /// Sends and fetches what the state lists, dropping each from its list once moved.
    ///
    /// Several attachments move at once (`attachmentsInFlight`): a small one costs two round
    /// trips, which one at a time made 10,000 of them take minutes. The lists are saved every
    /// `attachmentsPerSave` attachments, not after each (saving writes them whole): a sync that
    /// stops between saves asks about the ones it had moved again, and the server (or this
    /// device's store) says it holds them.
    private func moveAttachments(info: ServerInfo, saved: inout SyncState, report: inout SyncReport) async throws {
        guard let attachments, !saved.attachmentsToSend.isEmpty || !saved.attachmentsToFetch.isEmpty else { return }
        guard info.keepsAttachments else {
            report.attachmentsUnsupported = true
            report.attachmentsWaiting = saved.attachmentsToSend.count + saved.attachmentsToFetch.count
            try await state.save(saved)
            return
        }
        let lane = AttachmentLane(store: attachments, transport: transport, retrier: retrier)
        let sizes = Dictionary(try attachments.all().map { ($0.hash, $0.size) }, uniquingKeysWith: { first, _ in first })
        let sending = saved.attachmentsToSend
        var sent = Set<AttachmentHash>()
        try await inParallel(sending, { hash in await Self.moved { try await lane.send(hash, size: sizes[hash]) } }) { hash, moved in
            if case .refused(let refusal) = moved { report.attachmentsRefused.append(refusal) }
            if moved == .waitingForServerSpace { report.attachmentsWaitingForServerSpace += 1 }
            guard moved == .moved else { report.attachmentsWaiting += 1; return }
            sent.insert(hash)
            if sizes[hash] != nil { report.attachmentsSent += 1 }
            guard sent.count % Self.attachmentsPerSave == 0 else { return }
            saved.attachmentsToSend = sending.filter { !sent.contains($0) }
            try await state.save(saved)
        }
        saved.attachmentsToSend = sending.filter { !sent.contains($0) }
        let fetching = saved.attachmentsToFetch.filter { sizes[$0] == nil }
        var fetched = Set<AttachmentHash>()
        try await inParallel(fetching, { hash in await Self.moved { try await lane.fetch(hash) } }) { hash, moved in
            guard moved == .moved else { report.attachmentsWaiting += 1; return }
            fetched.insert(hash)
            report.attachmentsFetched += 1
            guard fetched.count % Self.attachmentsPerSave == 0 else { return }
            saved.attachmentsToFetch = fetching.filter { !fetched.contains($0) }
            try await state.save(saved)
        }
        saved.attachmentsToFetch = fetching.filter { !fetched.contains($0) }
        try await state.save(saved)
    }

    static let attachmentsInFlight = 8
    static let attachmentsPerSave = 500

    /// What became of one attachment's move.
    enum AttachmentMove: Hashable, Sendable {
        case moved
        /// Not this time (the network, the server, or the bytes not there yet): the next sync tries again.
        case waiting
        /// Not until the server's disk has room (`SyncError.serverStorageFull`); a sync after that sends it.
        case waitingForServerSpace
        /// The server will not take it as things are (`AttachmentRefusal`).
        case refused(AttachmentRefusal)
    }

    /// The move `move` made: moved, waiting, or refused by the server.
    static func moved(_ move: () async throws -> Bool) async -> AttachmentMove {
        do {
            return try await move() ? .moved : .waiting
        } catch SyncError.serverStorageFull {
            return .waitingForServerSpace
        } catch let error as SyncError {
            return AttachmentRefusal(error).map(AttachmentMove.refused) ?? .waiting
        } catch {
            return .waiting
        }
    }

    /// Runs `move` on each hash, `attachmentsInFlight` at a time, and `moved` with each result
    /// here, in the order they finish.
    private func inParallel(_ hashes: [AttachmentHash], _ move: @escaping @Sendable (AttachmentHash) async -> AttachmentMove,
                            moved: (AttachmentHash, AttachmentMove) async throws -> Void) async throws {
        try await withThrowingTaskGroup(of: (AttachmentHash, AttachmentMove).self) { group in
            var waiting = hashes.makeIterator()
            for _ in 0..<Self.attachmentsInFlight {
                guard let hash = waiting.next() else { break }
                group.addTask { (hash, await move(hash)) }
            }
            while let (hash, result) = try await group.next() {
                try await moved(hash, result)
                if let next = waiting.next() { group.addTask { (next, await move(next)) } }
            }
        }
    }

    /// One page of the change feed after `cursor`, with retries.
    private nonisolated func pulledPage(after cursor: SyncCursor?) async throws -> PulledChangePage {
        try await retrier.run { try await self.transport.changes(since: cursor, limit: self.pageSize) }
    }

    /// Refuses a server whose API version differs from this client's (the message says who must upgrade).
    public static func checkCompatible(_ info: ServerInfo) throws(SyncError) {
        guard info.apiVersion == clientAPIVersion, info.minimumClientAPIVersion <= clientAPIVersion else {
            throw .incompatibleAPIVersion(server: info.apiVersion, client: clientAPIVersion,
                                          minimumClient: info.minimumClientAPIVersion)
        }
    }

    /// Applies server versions locally, in an order that is safe to interrupt anywhere:
    /// conflict copies, then server versions (those numbered ahead kept pending), then
    /// acknowledgements, then base revisions.
    /// A local write racing with it (another `quill` process) makes it start over.
    func reconcile(_ incoming: [Reconciliation.Incoming]) async throws -> (changed: Int, conflicts: Int) {
        let incoming = Self.latestPerNote(incoming)
        guard !incoming.isEmpty else { return (0, 0) }
        var attempt = 0
        while true {
            do {
                let plan = try await plan(incoming)
                let copies = plan.copies
                if !copies.isEmpty { try await store.apply(copies.map { .create($0) }, origin: .local) }
                if !plan.remoteWrites.isEmpty { try await store.apply(plan.remoteWrites, origin: .remote) }
                if !plan.writesAhead.isEmpty { try await store.apply(plan.writesAhead, origin: .remoteAhead) }
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
        let local = try await readableNotes(ids).notes
        let pending = try await store.pendingChanges(among: ids)
        let pendingHere = ids.filter { pending.contains($0) }
        let bases = pendingHere.isEmpty ? [:] : try await baseRevisions.baseRevisions(of: pendingHere)
        var taken = Set(ids)
        // Only a server version that is not the answer to this client's own push can need a
        // conflict copy (`Reconciliation`); a first push is all answers, and needs no lookups.
        let copyIDs = incoming.filter { !$0.isOwnPush && pending.contains($0.note.id) }.map { ConflictCopy.id(for: $0.note) }
        if !copyIDs.isEmpty { taken.formUnion(try await store.notes(ids: copyIDs).keys) }
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

    func makeRequestID() -> String {
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
