import QuillAPI
import QuillModels
import SyncTransportInterface

/// An in-memory sync server with the semantics of the v1 API contract (docs/openapi.yaml):
/// per-note revisions, a change feed in write order, push with base revisions, the span of the feed
/// a push wrote and the cursor after it when nothing else came between, merges of stale changes
/// when its `info` says it merges and a push asks, and request-ID idempotency (a request ID is bound to the changes it first carried: the same
/// ID with other changes is refused with `SyncError.requestIDReused`).
///
/// Exists so that the sync engine and the multi-client simulation can be tested against
/// the real rules without a network or a database. It is itself a `SyncTransport`; put an
/// `UnreliableTransport` in front of it to make the network misbehave.
public actor FakeSyncServer: SyncTransport {
    public var info: ServerInfo
    var notes: [NoteID: Note] = [:]
    /// Each note's revisions, newest first, kept as the real server keeps them (docs/history.md).
    private var revisions: [NoteID: [NoteRevision]] = [:]
    private var sequenceOf: [NoteID: Int] = [:]
    private var lastSequence = 0
    private var answered: [String: (changes: [OutgoingChange], reply: PushReply)] = [:]
    /// How many push requests were applied (not answered from the idempotency record).
    public private(set) var appliedPushCount = 0
    /// Attachments as they arrived, and whether each is whole.
    var attachments: [AttachmentHash: (bytes: [UInt8], whole: Bool)] = [:]
    /// The share links made, newest first (`FakeSyncServer+Shares`).
    var shareList: [ShareBody] = []
    /// The published sites, by slug.
    var siteList: [SiteBody] = []
    /// Device logins started, by device code, with the answer a poll gets (`FakeSyncServer+DeviceLogin`).
    var deviceLogins: [String: (userCode: String, answer: DeviceTokenBody?, denied: Bool)] = [:]
    /// What every device login is approved as, at once (the preview: nobody is there to approve);
    /// `nil`: a test approves or denies each (`approveDeviceLogin`).
    let deviceLoginGrant: DeviceTokenBody?
    /// What `GET /v1/devices` answers.
    public internal(set) var deviceList: [DeviceBody] = []

    /// The largest push the fake accepts, counted as the UTF-8 bytes of the notes' titles and
    /// bodies (the real server limits the request body: 413 `payload_too_large`); `nil`: no limit.
    private let maximumPushBytes: Int?
    /// The SHA-256 of an upload's bytes, as the real server checks them before an attachment is
    /// whole (passed in: a test double uses no crypto library of its own); `nil`: taken at its word.
    let attachmentDigest: (@Sendable ([UInt8]) -> AttachmentHash?)?
    /// Whether a push's answer says which changes it wrote (`PushReply.written`); `false` answers
    /// as a server of an earlier release did.
    private let reportsWrittenChanges: Bool
    /// The tasks following the change stream (`followEvents`), each woken by every write.
    private var followers: [Int: CheckedContinuation<Void, Never>] = [:]
    private var followerCount = 0
    /// Bumped by `endStreams`: a stream opened before it ends with `closed` and this reason.
    private var streamEnding: (generation: Int, reason: String) = (0, "")

    public init(info: ServerInfo = ServerInfo(apiVersion: 1, minimumClientAPIVersion: 1, keepsAttachments: true, answersAppliedByRevision: true,
                                              merges: true, streamsEvents: true, maximumAttachmentBytes: 100 << 20, offersShares: true),
                notes: [Note] = [],
                maximumPushBytes: Int? = nil, attachmentDigest: (@Sendable ([UInt8]) -> AttachmentHash?)? = nil,
                reportsWrittenChanges: Bool = true, approvingDeviceLoginsAs grant: DeviceTokenBody? = nil) {
        self.info = info
        self.deviceLoginGrant = grant
        self.reportsWrittenChanges = reportsWrittenChanges
        self.maximumPushBytes = maximumPushBytes
        self.attachmentDigest = attachmentDigest
        for note in notes {
            lastSequence += 1
            self.notes[note.id] = note
            sequenceOf[note.id] = lastSequence
            revisions[note.id] = [NoteRevision(note: note, origin: .created)]
        }
    }

    public func setInfo(_ info: ServerInfo) { self.info = info }

    /// Every note the server holds, tombstones included, ordered by ID.
    public func allNotes() -> [Note] { notes.values.sorted { $0.id < $1.id } }

    /// Stores notes directly, as if other clients had pushed them (revisions as given).
    public func seed(_ seeded: [Note]) {
        for note in seeded { write(note) }
    }

    public func serverInfo() async throws(SyncError) -> ServerInfo { info }

    public func changes(since cursor: SyncCursor?, limit: Int) async throws(SyncError) -> PulledChangePage {
        let after: Int
        if let cursor {
            guard let value = Int(cursor.rawValue), value >= 0 else {
                throw .rejected(status: 400, code: "bad_request", message: "since: not a cursor")
            }
            after = value
        } else {
            after = 0
        }
        let limit = min(max(limit, 1), 1000)
        let newer = sequenceOf.filter { $0.value > after }.sorted { $0.value < $1.value }
        let page = newer.prefix(limit)
        let next = page.last?.value ?? max(after, 0)
        return PulledChangePage(changes: page.compactMap { notes[$0.key] }, next: SyncCursor(String(next)),
                          hasMore: newer.count > page.count)
    }

    public func push(_ request: PushRequest) async throws(SyncError) -> PushReply {
        if let earlier = answered[request.requestID] {
            guard earlier.changes == request.changes else { throw .requestIDReused(request.requestID) }
            return earlier.reply
        }
        guard request.changes.count <= PushRequest.maximumChanges else {
            throw .rejected(status: 413, code: "payload_too_large", message: "too many changes")
        }
        if let maximumPushBytes,
           request.changes.reduce(0, { $0 + $1.note.title.utf8.count + $1.note.body.utf8.count }) > maximumPushBytes {
            throw .rejected(status: 413, code: "payload_too_large", message: "the request body is larger than \(maximumPushBytes) bytes")
        }
        let latestBefore = lastSequence
        var results: [PushResult] = []
        for change in request.changes {
            let decision: PushRule.Decision
            do {
                let pushed = PushedChange(note: change.note, baseRevision: change.baseRevision, mayMerge: info.merges && request.asksMerge)
                let kept = revisions[change.note.id] ?? []
                decision = try PushRule.decide(pushed, current: notes[change.note.id]) { base in kept.first { $0.number == base }?.note }
            } catch {
                throw .rejected(status: 400, code: "invalid_note", message: "\(error)")
            }
            switch decision {
            case .store(let note):
                write(note)
                results.append(.applied(note))
            case .merged(let note):
                write(note)
                results.append(.merged(note))
            case .conflict(let current):
                results.append(.conflict(current))
            }
        }
        appliedPushCount += 1
        let next = request.since?.rawValue == String(latestBefore) ? SyncCursor(String(lastSequence)) : nil
        let written = PushWrittenSpan(after: SyncCursor(String(latestBefore)), through: SyncCursor(String(lastSequence)))
        let reply = PushReply(results: results, next: next, written: reportsWrittenChanges ? written : nil)
        answered[request.requestID] = (request.changes, reply)
        return reply
    }

    public func history(of id: NoteID) async throws(SyncError) -> [NoteRevision] {
        revisions[id] ?? []
    }

    private func write(_ note: Note) {
        var kept = revisions[note.id] ?? []
        if let replaced = notes[note.id], replaced.hasSameContent(as: note), !kept.isEmpty {
            kept[0] = NoteRevision(note: note, origin: kept[0].origin)
        } else {
            kept.insert(NoteRevision(note: note, origin: kept.isEmpty ? .created : .sync), at: 0)
        }
        revisions[note.id] = kept
        lastSequence += 1
        notes[note.id] = note
        sequenceOf[note.id] = lastSequence
        wakeFollowers()
    }

    /// Follows the feed as `GET /v1/events` does: `ready` (or `resync` for a cursor ahead of
    /// the feed), then each note written after the cursor, once, in write order, as it is written.
    public func followEvents(after cursor: SyncCursor?, _ receive: @Sendable (ServerEvent) async -> Void) async throws(SyncError) {
        guard info.streamsEvents else { throw .rejected(status: 404, code: "not_found", message: "no such route: GET /v1/events") }
        var position = lastSequence
        if let cursor {
            guard let value = Int(cursor.rawValue), value >= 0 else {
                throw .rejected(status: 400, code: "bad_request", message: "Last-Event-ID: '\(cursor)' is not an event ID this server gave out")
            }
            if value <= lastSequence { position = value }
        }
        let generation = streamEnding.generation
        if let cursor, Int(cursor.rawValue).map({ $0 > lastSequence }) == true {
            await receive(.resync(cursor: SyncCursor(String(position))))
        } else {
            await receive(.ready(cursor: SyncCursor(String(position))))
        }
        while !Task.isCancelled {
            if streamEnding.generation != generation { return await receive(.closed(reason: streamEnding.reason)) }
            let newer = sequenceOf.filter { $0.value > position }.sorted { $0.value < $1.value }
            for (id, sequence) in newer {
                position = sequence
                await receive(.noteChanged(cursor: SyncCursor(String(sequence)), id: id, revision: notes[id]?.revision ?? 0))
            }
            if newer.isEmpty { await nextWrite() }
        }
    }

    /// How many streams are waiting for the next write now.
    public var followingStreams: Int { followers.count }

    /// Ends every open stream with a `closed` event saying `reason`, as a stopping server does.
    public func endStreams(reason: String) {
        streamEnding = (streamEnding.generation + 1, reason)
        wakeFollowers()
    }

    /// Waits for the next write (or `endStreams`, or the task's cancellation).
    private func nextWrite() async {
        followerCount += 1
        let key = followerCount
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if Task.isCancelled { return continuation.resume() }
                followers[key] = continuation
            }
        } onCancel: {
            Task { await self.wake(key) }
        }
    }

    private func wake(_ key: Int) {
        followers.removeValue(forKey: key)?.resume()
    }

    private func wakeFollowers() {
        let waiting = followers
        followers = [:]
        for continuation in waiting.values { continuation.resume() }
    }
}
