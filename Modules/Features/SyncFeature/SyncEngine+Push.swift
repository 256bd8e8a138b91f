import QuillModels
import SyncStateInterface
import SyncTransportInterface

/// The push side of a sync: batches recorded, sent two at a time, and landed in order.
extension SyncEngine {
    /// Pushes every pending note, in rounds (conflicts re-mark notes pending, which the next round
    /// pushes); a failure stops the pushes still in flight (the state records them).
    func pushPending(flight: inout PushFlight, saved: inout SyncState, report: inout SyncReport,
                     progress: @Sendable (SyncProgress) -> Void) async throws {
        do {
            for _ in 0..<Self.maximumPushRounds {
                let pending = try await store.pendingChanges()
                if pending.isEmpty { break }
                var batch: [Note] = [], bytes = 0
                // Read a few hundred at a time; a batch closes at its size in bytes or changes.
                for start in stride(from: 0, to: pending.count, by: Self.readAhead) {
                    let ids = Array(pending[start..<min(start + Self.readAhead, pending.count)])
                    let read = try await readableNotes(ids)
                    for (offset, id) in ids.enumerated() {
                        // A damaged note set aside is no longer pending: what took its place is the server's.
                        if let note = read.notes[id], !read.setAside.contains(id) {
                            batch.append(note)
                            bytes += PushRequest.estimatedBytes(of: note)
                        }
                        let index = start + offset
                        let isLast = index == pending.count - 1
                        guard isLast || batch.count == PushRequest.maximumChanges || bytes >= PushRequest.targetBytes else { continue }
                        if !batch.isEmpty { try await send(batch, flight: &flight, saved: &saved, report: &report) }
                        progress(.pushing(sent: index + 1, of: pending.count))
                        (batch, bytes) = ([], 0)
                    }
                }
                try await land(&flight, saved: &saved, report: &report)
            }
        } catch {
            flight.cancel()
            throw error
        }
    }

    /// Records and sends one batch, then lands the oldest pushes until fewer than the flight's
    /// limit are in the air: the next batch is read and sent while the last one is applied.
    private func send(_ notes: [Note], flight: inout PushFlight, saved: inout SyncState, report: inout SyncReport) async throws {
        let request = try await record(notes, for: flight, saved: &saved)
        let transport = self.transport, retrier = self.retrier
        flight.sent.append(PushFlight.Sent(request: request, notes: notes,
                                           reply: Task.detached { try await retrier.run { try await transport.push(request) } }))
        while flight.sent.count >= flight.limit {
            try await landOldest(&flight, saved: &saved, report: &report)
        }
    }

    /// Lands every push still in flight.
    private func land(_ flight: inout PushFlight, saved: inout SyncState, report: inout SyncReport) async throws {
        while !flight.sent.isEmpty { try await landOldest(&flight, saved: &saved, report: &report) }
    }

    /// Waits for the oldest push's answer and applies it.
    private func landOldest(_ flight: inout PushFlight, saved: inout SyncState, report: inout SyncReport) async throws {
        let push = flight.sent.removeFirst()
        try await land(push.request, of: push.notes, answer: { try await push.reply.value }, flight: &flight, saved: &saved, report: &report)
    }

    /// Sends one batch and lands it before anything else is sent.
    private func sendAlone(_ notes: [Note], flight: inout PushFlight, saved: inout SyncState, report: inout SyncReport) async throws {
        let request = try await record(notes, for: flight, saved: &saved)
        try await land(request, of: notes, answer: { try await self.retrier.run { try await self.transport.push(request) } },
                       flight: &flight, saved: &saved, report: &report)
    }

    /// Applies the answer to `request`, which then leaves the state's pushes in flight (forgotten
    /// with the next save). A request the server finds too large (it limits a request's bytes lower
    /// than `PushRequest.targetBytes` expects) goes again as two halves, each alone, and so on.
    private func land(_ request: PushRequest, of notes: [Note], answer: () async throws -> PushReply, flight: inout PushFlight,
                      saved: inout SyncState, report: inout SyncReport) async throws {
        do {
            try await apply(try await answer(), to: request, flight: &flight, saved: &saved, report: &report)
        } catch let error as SyncError where error.isRequestTooLarge && notes.count > 1 {
            saved.inFlightPushes.removeAll { $0.requestID == request.requestID }
            for half in [notes[..<(notes.count / 2)], notes[(notes.count / 2)...]] {
                try await sendAlone(Array(half), flight: &flight, saved: &saved, report: &report)
            }
        }
        saved.inFlightPushes.removeAll { $0.requestID == request.requestID }
    }

    /// Makes the request for a batch and saves it with the state before it is sent: if this process
    /// dies before its answer is applied, the next sync resends exactly this request.
    private func record(_ notes: [Note], for flight: PushFlight, saved: inout SyncState) async throws -> PushRequest {
        let bases = try await baseRevisions.baseRevisions(of: notes.map(\.id))
        let request = PushRequest(requestID: makeRequestID(), changes: notes.map { OutgoingChange(note: $0, baseRevision: bases[$0.id]) },
                                  since: saved.cursor, asksAppliedByRevision: flight.asksAppliedByRevision, asksMerge: flight.asksMerge)
        saved.inFlightPushes.append(request)
        try remember(AttachmentLane.references(in: notes), in: \.attachmentsToSend, of: &saved)
        try await state.save(saved)
        return request
    }

    /// Applies a push's answer locally, then moves the cursor past the push's own changes: by the
    /// span the server says it wrote, or, from a server that does not say, by its `next` when the
    /// request went out with the cursor the client still has. Moved cursors are saved with the
    /// next state save; the store has those changes already, so the next sync does not pull them back.
    ///
    /// A change the server merged with another edit (`PushResult.merged`) replaces the local note
    /// if it is still the one sent; one edited since stays pending on its old base, so the next
    /// push merges again.
    ///
    /// A change the server applied exactly as sent (an echo, every change of a first push) needs
    /// no reconciling: its pending mark is cleared if the local note is still at the revision sent
    /// (`acknowledge` checks, so a note edited meanwhile stays pending), as `Reconciliation` would
    /// decide after reading the note once more.
    func apply(_ reply: PushReply, to request: PushRequest, flight: inout PushFlight, saved: inout SyncState,
               report: inout SyncReport) async throws {
        let sent = Dictionary(request.changes.map { ($0.note.id, $0.note) }, uniquingKeysWith: { $1 })
        var incoming: [Reconciliation.Incoming] = [], echoes: [NoteID: Int] = [:]
        for result in reply.results {
            switch result {
            case .applied(let note) where sent[note.id] == note:
                report.pushed += 1
                echoes[note.id] = note.revision
            case .applied(let note):
                report.pushed += 1
                incoming.append(.init(note: note, isOwnPush: true))
            case .merged(let note):
                report.pushed += 1
                report.merged += 1
                incoming.append(.init(note: note, isOwnPush: true, mergedOver: sent[note.id]))
            case .conflict(let note):
                incoming.append(.init(note: note, isOwnPush: false))
            }
        }
        if !echoes.isEmpty {
            try await store.acknowledge(echoes)
            try await baseRevisions.record(echoes)
        }
        report.conflicts += try await reconcile(incoming).conflicts
        if let written = reply.written {
            flight.landed(written, cursor: &saved.cursor)
        } else if let next = reply.next, request.since == saved.cursor {
            saved.cursor = next
        }
    }
}
