import QuillAPI
import QuillModels

/// What `GET /v1/info` says about the server.
public struct ServerInfo: Hashable, Sendable {
    public var apiVersion: Int
    public var minimumClientAPIVersion: Int
    /// Whether the server keeps attachments (an older one does not say so, and keeps none).
    public var keepsAttachments: Bool
    /// Whether the server answers a push's applied changes by their revision when asked
    /// (`PushRequestBody.appliedAs`); an older one reads a request that asks more slowly, and
    /// answers with the notes anyway.
    public var answersAppliedByRevision: Bool
    /// Whether a push may ask the server to merge a change based on an older revision
    /// (`PushRequest.asksMerge`; an older server does not say so, and never merges).
    public var merges: Bool
    /// Whether the server streams the account's changes as they happen (`SyncTransport.followEvents`;
    /// an older one does not say so, and a watcher pulls now and then instead).
    public var streamsEvents: Bool
    /// The largest attachment the server keeps, in bytes (`nil`: an older server, which does not say).
    public var maximumAttachmentBytes: Int64?
    /// Whether the server makes share links (`ShareTransport`; an older one does not).
    public var offersShares: Bool

    public init(apiVersion: Int, minimumClientAPIVersion: Int, keepsAttachments: Bool = false, answersAppliedByRevision: Bool = false,
                merges: Bool = false, streamsEvents: Bool = false, maximumAttachmentBytes: Int64? = nil, offersShares: Bool = false) {
        self.apiVersion = apiVersion
        self.minimumClientAPIVersion = minimumClientAPIVersion
        self.keepsAttachments = keepsAttachments
        self.answersAppliedByRevision = answersAppliedByRevision
        self.merges = merges
        self.streamsEvents = streamsEvents
        self.maximumAttachmentBytes = maximumAttachmentBytes
        self.offersShares = offersShares
    }
}

/// How much of an attachment the server holds for this account.
public enum RemoteAttachment: Hashable, Sendable {
    case whole(size: Int64)
    /// An upload stopped after this many bytes; it continues from there.
    case partial(received: Int64)
    case absent
}

/// A position in the server's change feed. Opaque: only the server knows what it means.
public struct SyncCursor: Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public init(from decoder: any Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}

/// One page of the server's change feed, as the client pulled it: the latest version of each note
/// written after the cursor.
public struct PulledChangePage: Hashable, Sendable {
    public var changes: [Note]
    public var next: SyncCursor
    public var hasMore: Bool

    public init(changes: [Note], next: SyncCursor, hasMore: Bool) {
        self.changes = changes
        self.next = next
        self.hasMore = hasMore
    }
}

/// A local change offered to the server, with the server revision it was derived from
/// (`nil` for a note the server has never seen).
public struct OutgoingChange: Hashable, Sendable {
    public var note: Note
    public var baseRevision: Int?

    public init(note: Note, baseRevision: Int?) {
        self.note = note
        self.baseRevision = baseRevision
    }
}

/// A batch of local changes under a client-chosen ID that makes retrying it harmless.
public struct PushRequest: Hashable, Sendable {
    /// At most this many changes per request (the API's limit).
    public static let maximumChanges = 1000
    /// A batch stops growing at about this many bytes of notes: half the API's 2 MiB request limit,
    /// so that the JSON escaping of ordinary text never makes a request too large.
    public static let targetBytes = 1 << 20

    public let requestID: String
    public let changes: [OutgoingChange]
    /// The cursor up to which the client has applied the change feed, sent so that the answer
    /// can move it past this push's own changes (`PushReply.next`).
    public let since: SyncCursor?
    /// Whether the answer is to give each applied change by its revision alone (`appliedAs`),
    /// rather than as the server's default, the whole note.
    public let asksAppliedByRevision: Bool
    /// Whether a change based on an older revision may come back merged (`PushResult.merged`)
    /// rather than as a conflict.
    public let asksMerge: Bool
    /// `body` in canonical JSON, written once: what is sent, and what the sync state keeps of the
    /// request (saved again with each batch while the request is in flight).
    public let bodyJSON: [UInt8]

    public init(requestID: String, changes: [OutgoingChange], since: SyncCursor? = nil, asksAppliedByRevision: Bool = false,
                asksMerge: Bool = false) {
        self.requestID = requestID
        self.changes = changes
        self.since = since
        self.asksAppliedByRevision = asksAppliedByRevision
        self.asksMerge = asksMerge
        bodyJSON = PushRequestBody(requestID: requestID,
                                   changes: changes.map { .init(note: NoteDocument($0.note), baseRevision: $0.baseRevision) },
                                   since: since?.rawValue, appliedAs: asksAppliedByRevision ? .revision : nil,
                                   merge: asksMerge ? true : nil).jsonBytes()
    }

    /// What a note adds to a batch, for `targetBytes`: its text and room for its fields.
    public static func estimatedBytes(of note: Note) -> Int {
        note.title.utf8.count + note.body.utf8.count + note.tags.reduce(0) { $0 + $1.rawValue.utf8.count + 3 } + 256
    }
}

/// The server's answer to a push.
public struct PushReply: Hashable, Sendable {
    /// One result per change, in the request's order.
    public var results: [PushResult]
    /// The cursor after this push's own changes, when the server saw nothing else written after
    /// the request's `since`: the client already has those versions and may skip pulling them.
    public var next: SyncCursor?
    /// The changes of the feed this push wrote (`nil` from a server that does not say): with two
    /// pushes in flight, the cursor moves past both.
    public var written: PushWrittenSpan?

    public init(results: [PushResult], next: SyncCursor? = nil, written: PushWrittenSpan? = nil) {
        self.results = results
        self.next = next
        self.written = written
    }
}

/// The changes of the feed one push wrote: every change after `after`, up to and including
/// `through`, and no other.
public struct PushWrittenSpan: Hashable, Sendable {
    public var after: SyncCursor
    public var through: SyncCursor

    public init(after: SyncCursor, through: SyncCursor) {
        self.after = after
        self.through = through
    }
}

/// The server's answer for one pushed change.
public enum PushResult: Hashable, Sendable {
    /// Stored; `note` carries the revision the server assigned.
    case applied(Note)
    /// Refused because the base revision was stale; `note` is the server's current version.
    case conflict(Note)
    /// The base revision was stale, and the server stored the change merged with its current
    /// version (`ThreeWayMerge`); `note` is the merge, which holds both edits.
    case merged(Note)

    public var note: Note {
        switch self {
        case .applied(let note), .conflict(let note), .merged(let note): note
        }
    }
}
