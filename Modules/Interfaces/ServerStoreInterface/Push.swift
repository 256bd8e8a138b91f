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

/// How a repository keeps a push's outcomes for a retry: a JSON array in which an applied change
/// is the revision it got, and a conflict or a merge the whole outcome (as `PushResultBody` writes it).
///
/// An applied change's note is the pushed one at that revision, and the retry that replays the
/// answer carries the same changes (the digest says so), so the note is not kept again: a first
/// push of 10,000 notes would otherwise write every note a second time. Records written before
/// (every outcome whole, some without a digest and so replayed for any changes) still read.
public enum StoredPushOutcomes {
    public static func encoded(_ outcomes: [PushOutcome]) -> String {
        var bytes: [UInt8] = [UInt8(ascii: "[")]
        for (index, outcome) in outcomes.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            switch outcome.status {
            case .applied: bytes.append(contentsOf: String(outcome.note.revision).utf8)
            case .conflict, .merged: outcome.result(appliedAs: .note).appendJSON(to: &bytes)
            }
        }
        bytes.append(UInt8(ascii: "]"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The outcomes kept for the push that carried `changes`, in their order.
    public static func decoded(_ text: String, changes: [PushedChange], requestID: PushRequestID) throws -> [PushOutcome] {
        do {
            return try JSONDecoder().decode([StoredOutcome].self, from: Data(text.utf8)).enumerated().map { index, stored in
                switch stored {
                case .whole(let outcome): return outcome
                case .applied(let revision):
                    guard changes.indices.contains(index) else { throw ServerStoreError.corrupt("stored push \(requestID): no change \(index)") }
                    return .applied(try changes[index].note.withRevision(revision))
                }
            }
        } catch let error as ServerStoreError {
            throw error
        } catch {
            throw ServerStoreError.corrupt("stored push \(requestID): \(error)")
        }
    }

    private enum StoredOutcome: Decodable {
        case applied(revision: Int)
        case whole(PushOutcome)

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let revision = try? container.decode(Int.self) {
                self = .applied(revision: revision)
            } else {
                self = .whole(try container.decode(PushOutcome.self))
            }
        }
    }
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
