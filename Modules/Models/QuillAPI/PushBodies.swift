import QuillModels

/// `POST /v1/sync/push`: local changes, each with the revision it was based on, under a
/// client-chosen request ID that makes retrying the same push safe, and the change-feed cursor
/// the client has applied up to (`since`, optional), which lets the answer move that cursor past
/// the push's own changes.
public struct PushRequestBody: Codable, Hashable, Sendable {
    public struct Change: Codable, Hashable, Sendable {
        public let note: NoteDocument
        /// The server revision the change was made from; `null` (written explicitly) for a new note.
        public let baseRevision: Int?

        public init(note: NoteDocument, baseRevision: Int?) {
            self.note = note
            self.baseRevision = baseRevision
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(note, forKey: .note)
            try container.encode(baseRevision, forKey: .baseRevision)
        }

        private enum CodingKeys: String, CodingKey { case note, baseRevision }
    }

    /// How the answer gives an applied change: the note the server now holds (`note`, the
    /// default) or only the revision it got (`revision`).
    public enum AppliedAnswer: String, Codable, Hashable, Sendable {
        case note
        /// An applied change's note is the pushed one at that revision, which the client has:
        /// a first push then downloads a few bytes per note instead of every note again.
        case revision
    }

    public let requestID: String
    public let changes: [Change]
    /// The cursor of the change feed up to which the client has applied it.
    public let since: String?
    /// `nil` (absent) answers as `.note`, as servers and clients before it did.
    public let appliedAs: AppliedAnswer?
    /// `true`: a change based on an older revision is merged with the current one when their
    /// edits do not overlap (answered `merged`). Absent or `false`: it is a conflict, as servers
    /// and clients before it did; a client that does not ask would not take a merged note for one.
    public let merge: Bool?

    public init(requestID: String, changes: [Change], since: String? = nil, appliedAs: AppliedAnswer? = nil, merge: Bool? = nil) {
        self.requestID = requestID
        self.changes = changes
        self.since = since
        self.appliedAs = appliedAs
        self.merge = merge
    }

    /// `since` and `appliedAs` may be absent but not `null`: the description says a value or nothing.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        requestID = try container.decode(String.self, forKey: .requestID)
        changes = try container.decode([Change].self, forKey: .changes)
        since = container.contains(.since) ? try container.decode(String.self, forKey: .since) : nil
        appliedAs = container.contains(.appliedAs) ? try container.decode(AppliedAnswer.self, forKey: .appliedAs) : nil
        merge = container.contains(.merge) ? try container.decode(Bool.self, forKey: .merge) : nil
    }

    private enum CodingKeys: String, CodingKey { case requestID, changes, since, appliedAs, merge }
}

/// The answer to a push: one result per change, in the request's order; the span of the change
/// feed the push wrote (`written`); and, when every change of the feed after the request's
/// `since` is this push's own, the cursor after them (`next`): the client has those versions
/// already and need not pull them back. `written` lets a client with two pushes in flight move its
/// cursor past both, whichever the server applied first; `next` serves clients that send one at a
/// time. A retried push gets the same answer from the server's record of it.
public struct PushResponseBody: Codable, Hashable, Sendable {
    public let results: [PushResultBody]
    public let next: String?
    public let written: PushWrittenBody?

    public init(results: [PushResultBody], next: String? = nil, written: PushWrittenBody? = nil) {
        self.results = results
        self.next = next
        self.written = written
    }
}

/// The changes of the feed a push wrote: every change after `after`, up to and including
/// `through`, and no other (`after == through` when it wrote none). Cursors of the change feed.
public struct PushWrittenBody: Codable, Hashable, Sendable {
    public let after: String
    public let through: String

    public init(after: String, through: String) {
        self.after = after
        self.through = through
    }
}

/// What became of one pushed change: with the note the server now holds, or, for a change
/// applied in answer to a push that asked for `appliedAs: revision`, only the revision it got.
public struct PushResultBody: Codable, Hashable, Sendable {
    public enum Status: String, Codable, Hashable, Sendable {
        /// Stored; `note` carries its new revision (or `revision` alone gives it).
        case applied
        /// Not written (its base revision was stale); `note` is the server's current version.
        case conflict
        /// Its base revision was stale, and its edit and the current version's changed different
        /// lines: stored merged (`ThreeWayMerge`); `note` is the merge, always whole. Only for a
        /// push that asked for merges.
        case merged
    }

    public let id: NoteID
    public let status: Status
    /// Absent only from an applied change answered by its revision.
    public let note: NoteDocument?
    /// Present only where `note` is absent.
    public let revision: Int?

    public init(id: NoteID, status: Status, note: NoteDocument) {
        self.id = id
        self.status = status
        self.note = note
        self.revision = nil
    }

    /// An applied change answered by its revision alone.
    public init(id: NoteID, appliedAt revision: Int) {
        self.id = id
        self.status = .applied
        self.note = nil
        self.revision = revision
    }
}
