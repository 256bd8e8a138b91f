import Foundation
import QuillModels
import ServerStoreInterface

/// A note repository that announces each committed write (`ChangeSignaling`), so that event
/// streams wake: the one place every door that writes notes (the API, sync, the web reader)
/// passes, whichever store is behind it.
struct AnnouncingNoteRepository: ServerNoteRepository {
    let base: any ServerNoteRepository
    let signals: any ChangeSignaling

    func create(_ note: Note, account: AccountID) async throws -> Note {
        let created = try await base.create(note, account: account)
        await signals.announce(account)
        return created
    }

    func replace(_ note: Note, account: AccountID, ifRevision: Int, origin: RevisionOrigin, mergeAncestor: Int?) async throws -> Note {
        let replaced = try await base.replace(note, account: account, ifRevision: ifRevision, origin: origin, mergeAncestor: mergeAncestor)
        await signals.announce(account)
        return replaced
    }

    func push(_ changes: [PushedChange], requestID: PushRequestID, digest: PushDigest, account: AccountID, at now: Date,
              forgettingBefore: Date, keeping: @Sendable ([PushOutcome]) -> String) async throws -> PushStoring {
        let stored = try await base.push(changes, requestID: requestID, digest: digest, account: account, at: now,
                                         forgettingBefore: forgettingBefore, keeping: keeping)
        if case .applied(let answer) = stored, let written = answer.written, written.after != written.through {
            await signals.announce(account)
        }
        return stored
    }

    func note(_ id: NoteID, account: AccountID) async throws -> Note? { try await base.note(id, account: account) }

    func notes(account: AccountID, tagged tag: Tag?, after: NoteID?, limit: Int) async throws -> NotePage {
        try await base.notes(account: account, tagged: tag, after: after, limit: limit)
    }

    func search(_ query: SearchQuery, account: AccountID, tagged tag: Tag?, after: NoteID?, limit: Int) async throws -> NotePage {
        try await base.search(query, account: account, tagged: tag, after: after, limit: limit)
    }

    func revision(_ revision: Int, of id: NoteID, account: AccountID) async throws -> Note? {
        try await base.revision(revision, of: id, account: account)
    }

    func history(of id: NoteID, account: AccountID) async throws -> [NoteRevision] { try await base.history(of: id, account: account) }

    func deletedNotes(account: AccountID, after: NoteID?, limit: Int) async throws -> NotePage {
        try await base.deletedNotes(account: account, after: after, limit: limit)
    }

    func pruneHistory(_ retention: HistoryRetention, now: Date, dryRun: Bool) async throws -> PrunedHistory {
        try await base.pruneHistory(retention, now: now, dryRun: dryRun)
    }

    func changes(account: AccountID, after cursor: ChangeCursor, limit: Int) async throws -> AccountChangePage {
        try await base.changes(account: account, after: cursor, limit: limit)
    }

    func latestCursor(account: AccountID) async throws -> ChangeCursor { try await base.latestCursor(account: account) }

    func encodedNote(_ id: NoteID, account: AccountID) async throws -> EncodedNote? { try await base.encodedNote(id, account: account) }

    func encodedChanges(account: AccountID, after cursor: ChangeCursor, limit: Int) async throws -> EncodedChangePage? {
        try await base.encodedChanges(account: account, after: cursor, limit: limit)
    }
}
