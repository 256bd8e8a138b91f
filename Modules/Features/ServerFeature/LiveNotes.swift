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

    /// Replaces a live note still at `ifRevision`. The revision check makes the liveness check
    /// safe: a note deleted after it is no longer at `ifRevision`, so nothing is written.
    func replace(_ note: Note, account: AccountID, ifRevision: Int) async throws -> Note {
        guard let current = try await repository.note(note.id, account: account), !current.isDeleted else {
            throw ServerStoreError.notFound(note.id)
        }
        return try await repository.replace(note, account: account, ifRevision: ifRevision, origin: .api)
    }

    func delete(_ id: NoteID, account: AccountID, ifRevision: Int, at date: Date) async throws -> Note {
        try await repository.delete(id, account: account, ifRevision: ifRevision, at: date, origin: .api)
    }
}
