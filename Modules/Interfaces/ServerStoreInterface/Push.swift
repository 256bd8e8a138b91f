import Foundation
import QuillAPI
import QuillModels

/// What happened to one pushed change: exactly the API's per-change result (`QuillAPI`).
///
/// The same type, because a repository keeps the whole answer of a push (it is `Codable`)
/// and returns it again, unchanged, when the client retries with the same request ID.
public typealias PushOutcome = PushResultBody

extension PushResultBody {
    public static func applied(_ note: Note) -> PushOutcome { PushOutcome(id: note.id, status: .applied, note: NoteDocument(note)) }
    public static func conflict(_ note: Note) -> PushOutcome { PushOutcome(id: note.id, status: .conflict, note: NoteDocument(note)) }
}

/// A repository's answer to a push: the outcomes, and the cursor after the push's own changes
/// when nothing else was written after the client's `since` (see `ServerNoteRepository.push`).
public struct PushAnswer: Hashable, Sendable {
    public var outcomes: [PushOutcome]
    public var next: ChangeCursor?

    public init(outcomes: [PushOutcome], next: ChangeCursor? = nil) {
        self.outcomes = outcomes
        self.next = next
    }
}

/// How a repository keeps a push's outcomes for a retry: their JSON array, written by hand
/// (`PushResultBody.jsonBytes`), read back by `JSONDecoder`.
public enum StoredPushOutcomes {
    public static func encoded(_ outcomes: [PushOutcome]) -> String {
        String(decoding: PushResultBody.jsonBytes(outcomes), as: UTF8.self)
    }

    public static func decoded(_ text: String, requestID: PushRequestID) throws -> [PushOutcome] {
        do {
            return try JSONDecoder().decode([PushOutcome].self, from: Data(text.utf8))
        } catch {
            throw ServerStoreError.corrupt("stored push \(requestID): \(error)")
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
