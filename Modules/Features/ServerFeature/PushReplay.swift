import Foundation
import QuillModels
import ServerStoreInterface

/// Pushes through a repository so that a retried push gets its first answer: the rule of push
/// replay, in one place for every store.
///
/// A client that lost the answer to a push sends it again under the same `PushRequestID`. The
/// repository keeps each push's outcomes (in the form `kept(_:)` writes) with the digest of what it
/// carried (`PushDigests`), and gives back a kept one instead of applying anything; this type
/// decides what that is worth: the same changes get the kept answer, the same ID with other
/// changes is refused (`ServerStoreError.pushRequestReused`), and after `retention` the answer is
/// forgotten (a retry so late is applied again, by `PushRule`).
public struct PushReplay: Sendable {
    /// How long a push's answer is kept for a retry.
    public static let retention: TimeInterval = 7 * 24 * 60 * 60

    private let notes: any ServerNoteRepository

    public init(_ notes: any ServerNoteRepository) {
        self.notes = notes
    }

    /// Applies `changes` by `PushRule` in one transaction, or answers as the push kept under
    /// `requestID` was answered.
    public func push(_ changes: [PushedChange], requestID: PushRequestID, account: AccountID, at now: Date) async throws -> PushAnswer {
        let digest = PushDigests.digest(of: changes)
        switch try await notes.push(changes, requestID: requestID, digest: digest, account: account, at: now,
                                    forgettingBefore: now.addingTimeInterval(-Self.retention), keeping: Self.kept) {
        case .applied(let answer):
            return answer
        case .kept(let push):
            if let recorded = push.digest, recorded != digest { throw ServerStoreError.pushRequestReused(requestID) }
            return PushAnswer(outcomes: try Self.outcomes(kept: push.outcomes, changes: changes, requestID: requestID),
                              written: push.written)
        }
    }

    /// `push`'s outcomes alone.
    public func pushOutcomes(_ changes: [PushedChange], requestID: PushRequestID, account: AccountID,
                             at now: Date) async throws -> [PushOutcome] {
        try await push(changes, requestID: requestID, account: account, at: now).outcomes
    }

    /// The outcomes as a repository keeps them: a JSON array in which an applied change is the
    /// revision it got, and a conflict or a merge the whole outcome (as `PushResultBody` writes it).
    /// An applied change's note is the pushed one at that revision, and the retry that replays the
    /// answer carries the same changes (the digest says so), so the note is not kept again: a first
    /// push of 10,000 notes would otherwise write every note a second time.
    static func kept(_ outcomes: [PushOutcome]) -> String {
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

    /// The outcomes `kept(_:)` wrote for the push that carried `changes`, in their order. Records
    /// written before (every outcome whole, some without a digest and so replayed for any
    /// changes) still read.
    static func outcomes(kept text: String, changes: [PushedChange], requestID: PushRequestID) throws -> [PushOutcome] {
        do {
            return try JSONDecoder().decode([KeptOutcome].self, from: Data(text.utf8)).enumerated().map { index, kept in
                switch kept {
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

    private enum KeptOutcome: Decodable {
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
