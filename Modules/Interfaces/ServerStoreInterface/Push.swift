import Foundation
import QuillAPI
import QuillModels

/// One change a client pushed, as the server received it: the note as the client has it, and the
/// server revision the client's edit started from (`nil` for a note the client created). The client's
/// side is `SyncTransportInterface.OutgoingChange`.
public struct PushedChange: Hashable, Sendable {
    /// The largest base revision a client may name: far below `Int.max`, so that no number of
    /// later writes (each adds 1) can overflow a revision.
    public static let maximumBaseRevision = 999_999_999_999_999

    public let note: Note
    public let baseRevision: Int?

    public init(note: Note, baseRevision: Int?) {
        self.note = note
        self.baseRevision = baseRevision
    }
}

/// What happened to one pushed change: exactly the API's per-change result (`QuillAPI`).
///
/// The same type, because a repository keeps the whole answer of a push (it is `Codable`)
/// and returns it again, unchanged, when the client retries with the same request ID.
public typealias PushOutcome = PushResultBody

extension PushResultBody {
    public static func applied(_ note: Note) -> PushOutcome { PushOutcome(id: note.id, status: .applied, note: NoteDocument(note)) }
    public static func conflict(_ note: Note) -> PushOutcome { PushOutcome(id: note.id, status: .conflict, note: NoteDocument(note)) }
}

/// The client-chosen name of one push, which makes retrying it safe.
public struct PushRequestID: Hashable, Sendable, CustomStringConvertible {
    public static let maximumLength = 200
    /// How long a repository remembers the answer to a push: a retry within it is answered
    /// from memory; after it the answer is gone (a retry so late is applied again, by the rule).
    public static let retention: TimeInterval = 7 * 24 * 60 * 60
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
/// The HTTP layer computes it (SHA-256, lowercase hex); repositories only store and compare it.
public struct PushDigest: Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(_ rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }
}

/// The rule every repository applies to one pushed change, given the server's current version.
///
/// Kept here, next to the protocol, so that all repositories decide alike and the contract
/// suite only has to check that they store what this decides.
public enum PushRule {
    public enum Decision: Equatable, Sendable {
        /// Store the client's note with this revision.
        case store(Note)
        /// Store nothing; report this server version.
        case conflict(Note)
    }

    public static func decide(_ change: PushedChange, current: Note?) throws(NoteValidationError) -> Decision {
        switch (change.baseRevision, current) {
        case (nil, nil):
            return .store(try change.note.withRevision(1))
        case (let base?, let current?) where base == current.revision:
            return .store(try change.note.withRevision(try next(base)))
        case (let base?, nil):
            // The server never had (or has lost) a note the client synced before: keep the client's copy.
            return .store(try change.note.withRevision(try next(base)))
        case (_, let current?):
            return .conflict(current)
        }
    }

    /// The revision after `base`; one that would overflow is refused, not trapped on.
    private static func next(_ base: Int) throws(NoteValidationError) -> Int {
        let (next, overflow) = base.addingReportingOverflow(1)
        guard !overflow else { throw .invalidRevision(base) }
        return next
    }
}
