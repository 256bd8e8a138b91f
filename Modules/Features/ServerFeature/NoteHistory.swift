import Foundation
import QuillModels
import ServerStoreInterface

/// The rules of a note's history on the server, for the API and the web reader alike: reading
/// a revision, and a restore, which is a new revision with an earlier one's title, body and tags.
public struct NoteHistory: Sendable {
    let repository: any ServerNoteRepository

    public init(repository: any ServerNoteRepository) {
        self.repository = repository
    }

    /// Every revision, newest first; `.notFound` if the account has no such note (live or deleted).
    public func revisions(of id: NoteID, account: AccountID) async throws -> [NoteRevision] {
        let history = try await repository.history(of: id, account: account)
        guard !history.isEmpty else { throw ServerStoreError.notFound(id) }
        return history
    }

    public func revision(_ number: Int, of id: NoteID, account: AccountID) async throws -> NoteRevision {
        guard let found = try await revisions(of: id, account: account).first(where: { $0.number == number }) else {
            throw APIError.notFound("note \(id) has no revision \(number)")
        }
        return found
    }

    /// Makes the note what it was at `number` (`nil`: a deleted note back as it was deleted), if
    /// `replacing` allows a write over its current revision. A restore that changes nothing writes
    /// nothing.
    public func restore(_ id: NoteID, revision number: Int?, replacing: ReplacedRevision, account: AccountID, at date: Date) async throws -> Note {
        let history = try await revisions(of: id, account: account)
        let current = history[0].note
        guard replacing.allows(replacing: current.revision) else { throw ServerStoreError.revisionMismatch(id, current: current.revision) }
        let source: NoteRevision
        if let number {
            guard let found = history.first(where: { $0.number == number }) else {
                throw APIError.notFound("note \(id) has no revision \(number)")
            }
            source = found
        } else {
            guard current.isDeleted else {
                throw APIError(.conflict, code: "not_deleted", message: "note \(id) is not deleted; name the revision to go back to")
            }
            source = history.first(where: { !$0.note.isDeleted }) ?? history[0]
        }
        let restored = try current.revised(title: source.note.title, body: source.note.body, tags: source.note.tags, at: date)
        guard !restored.hasSameContent(as: current) else { return current }
        return try await repository.replace(restored, account: account, ifRevision: current.revision, origin: .restore(source.number))
    }
}
