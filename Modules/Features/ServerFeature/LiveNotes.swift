import Foundation
import QuillModels
import ServerStoreInterface

/// One account's notes as `/v1/notes` shows them to any HTTP client: a deleted note is gone,
/// exactly like one that never existed.
///
/// Tombstones exist for sync, which sees them in the change feed and in push answers. Here
/// GET, PUT and DELETE of a tombstone are `.notFound` (404), and creating a note with a
/// deleted note's ID stores it one revision after the tombstone, so that every sync client
/// takes the new note for a newer version of what it holds.
struct LiveNotes {
    /// A live note, in the form the repository had at hand.
    enum Found {
        case encoded(EncodedNote)
        case note(Note)
    }

    let repository: any ServerNoteRepository

    func read(_ id: NoteID, account: AccountID) async throws -> Found {
        if let encoded = try await repository.encodedNote(id, account: account) {
            guard !encoded.isDeleted else { throw ServerStoreError.notFound(id) }
            return .encoded(encoded)
        }
        guard let note = try await repository.note(id, account: account), !note.isDeleted else {
            throw ServerStoreError.notFound(id)
        }
        return .note(note)
    }

    func create(_ note: Note, account: AccountID) async throws -> Note {
        do {
            return try await repository.create(note, account: account)
        } catch ServerStoreError.alreadyExists(let id) {
            guard let tombstone = try await repository.note(id, account: account), tombstone.isDeleted else {
                throw ServerStoreError.alreadyExists(id)
            }
            do {
                return try await repository.replace(note, account: account, ifRevision: tombstone.revision, origin: .api)
            } catch ServerStoreError.revisionMismatch {
                // Written again meanwhile: the ID is taken.
                throw ServerStoreError.alreadyExists(id)
            }
        }
    }

    /// Replaces a live note made from the revision `replacing` names: over that revision, or
    /// merged with the note as it is now (`MergingWrite`). The store writes only over the revision
    /// read here, which makes the liveness check safe: a note deleted or written after it is no
    /// longer at that revision, so nothing is written.
    func replace(_ note: Note, account: AccountID, replacing: ReplacedRevision) async throws -> MergingWrite.Written {
        guard let current = try await repository.note(note.id, account: account), !current.isDeleted else { throw ServerStoreError.notFound(note.id) }
        return try await MergingWrite(repository: repository).replace(note, read: replacing.read(current: current.revision), over: current,
                                                                      account: account, origin: .api)
    }

    /// Replaces a live note whose revision `replacing` allows with its tombstone.
    func delete(_ id: NoteID, account: AccountID, replacing: ReplacedRevision, at date: Date) async throws -> Note {
        let current = try await liveNote(id, account: account, replacing: replacing)
        return try await repository.replace(current.deleted(at: date), account: account, ifRevision: current.revision, origin: .api)
    }

    /// The live note `id`, if `replacing` allows a write over it (else the store's mismatch, 412).
    private func liveNote(_ id: NoteID, account: AccountID, replacing: ReplacedRevision) async throws -> Note {
        guard let current = try await repository.note(id, account: account), !current.isDeleted else { throw ServerStoreError.notFound(id) }
        guard replacing.allows(replacing: current.revision) else { throw ServerStoreError.revisionMismatch(id, current: current.revision) }
        return current
    }
}
