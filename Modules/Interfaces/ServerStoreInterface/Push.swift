import Foundation
import QuillAPI
import QuillModels

/// What happened to one pushed change, with the note the server now holds.
///
/// What a repository answers and keeps for a retry. The API gives it as a `PushResultBody`:
/// whole, or an applied change as its revision alone when the push asked for that.
public struct PushOutcome: Codable, Hashable, Sendable {
    public let id: NoteID
    public let status: PushResultBody.Status
    public let note: NoteDocument

    public static func applied(_ note: Note) -> PushOutcome { PushOutcome(id: note.id, status: .applied, note: NoteDocument(note)) }
    public static func conflict(_ note: Note) -> PushOutcome { PushOutcome(id: note.id, status: .conflict, note: NoteDocument(note)) }
    public static func merged(_ note: Note) -> PushOutcome { PushOutcome(id: note.id, status: .merged, note: NoteDocument(note)) }

    /// The outcome as the API answers it, for a push that asked for `appliedAs`.
    public func result(appliedAs: PushRequestBody.AppliedAnswer) -> PushResultBody {
        status == .applied && appliedAs == .revision
            ? PushResultBody(id: id, appliedAt: note.revision)
            : PushResultBody(id: id, status: status, note: note)
    }
}

/// A repository's answer to a push: the outcomes, and the span of the account's change feed the
/// push wrote (kept with the outcomes, so a retry gets the same answer; `nil` for a push recorded
/// before spans were kept).
public struct PushAnswer: Hashable, Sendable {
    public var outcomes: [PushOutcome]
    public var written: WrittenChanges?

    public init(outcomes: [PushOutcome], written: WrittenChanges? = nil) {
        self.outcomes = outcomes
        self.written = written
    }

    /// The cursor after the push's own changes for a client that had applied the feed up to
    /// `since`, if nothing else was written after it: that client may skip pulling them.
    public func next(since: ChangeCursor?) -> ChangeCursor? {
        guard let written, since == written.after else { return nil }
        return written.through
    }
}

/// The changes of an account's feed that one push wrote: every change after `after`, up to and
/// including `through` (none when they are equal). A push holds the account's writes for its whole
/// transaction, so no other change falls between them.
public struct WrittenChanges: Hashable, Sendable {
    public let after: ChangeCursor
    public let through: ChangeCursor

    public init(after: ChangeCursor, through: ChangeCursor) {
        self.after = after
        self.through = through
    }
}

extension WrittenChanges {
    /// The span a repository kept as two change numbers; `nil` if it kept none (a push recorded
    /// before spans were kept).
    public init?(after: Int64?, through: Int64?) {
        guard let after, let through else { return nil }
        self.init(after: ChangeCursor(sequence: after), through: ChangeCursor(sequence: through))
    }
}

/// What a repository answers a push: applied now, or kept from an earlier push with the same
/// request ID (then nothing was applied; whether that answer may be given again is `PushReplay`'s).
public enum PushStoring: Hashable, Sendable {
    case applied(PushAnswer)
    case kept(KeptPush)
}

/// An earlier push as a repository kept it: the outcomes in the form its caller gave (the
/// repository stores the text and gives it back unread), the digest of what it carried (`nil` for
/// a push recorded before digests were kept) and the span of the feed it wrote.
public struct KeptPush: Hashable, Sendable {
    public let outcomes: String
    public let digest: PushDigest?
    public let written: WrittenChanges?

    public init(outcomes: String, digest: PushDigest?, written: WrittenChanges?) {
        self.outcomes = outcomes
        self.digest = digest
        self.written = written
    }
}

/// The client-chosen name of one push, which makes retrying it safe.
public struct PushRequestID: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = 200
    public let rawValue: String

    /// Accepts 1...200 Unicode code points without control characters (category Cc): exactly
    /// what docs/openapi.yaml's `minLength`, `maxLength` and `pattern` say.
    public init?(_ rawValue: String) {
        guard !rawValue.isEmpty, rawValue.unicodeScalars.count <= PushRequestID.maximumLength,
              !rawValue.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return nil }
        self.rawValue = rawValue
    }

    public var description: String { rawValue }
}

/// A fingerprint of exactly what one push carried (its changes, in order), kept with its answer.
///
/// Exists so that a request ID is bound to one batch: a retry with the same ID and the same
/// changes gets the recorded answer, while the same ID with other changes is refused
/// (`ServerStoreError.pushRequestReused`) instead of being answered for a batch it did not send.
/// The HTTP layer computes it (SHA-256, lowercase hex); repositories only store it, `PushReplay` compares it.
public struct PushDigest: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
}
