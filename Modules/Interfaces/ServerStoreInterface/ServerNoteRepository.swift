import Foundation
import QuillModels

/// Keeps every account's notes on the server: the port the HTTP handlers use.
///
/// Each operation is atomic. The repository assigns revisions (1 on create, the expected
/// one plus 1 on replace) and stamps every write with the next number of the account's
/// change sequence, which is what `changes` pages through. Every write that replaces a note
/// keeps the replaced revision in the note's history (docs/history.md) in the same transaction.
public protocol ServerNoteRepository: Sendable {
    /// The note with this ID in this account, tombstones included; `nil` if there is none.
    func note(_ id: NoteID, account: AccountID) async throws -> Note?
    /// Live notes ordered by ID, starting after `after`: a page of at most `limit` of them, only
    /// those with `tag` when it is given (filtered by the query, so a page costs what it returns).
    /// A stored note that cannot be read counts toward the limit and is reported in the page's
    /// `unreadable` rather than failing the page.
    func notes(account: AccountID, tagged tag: Tag?, after: NoteID?, limit: Int) async throws -> NotePage
    /// Live notes that match every term of `query` and carry `tag` when it is given, best match
    /// first, as `SearchMatch` defines matching, ranking and paging: a page of at most `limit`,
    /// starting after the note `after` in that order. Unreadable notes are reported as `notes` does.
    func search(_ query: SearchQuery, account: AccountID, tagged tag: Tag?, after: NoteID?, limit: Int) async throws -> NotePage
    /// Stores a new note at revision 1 and returns it. Throws `ServerStoreError.alreadyExists`.
    func create(_ note: Note, account: AccountID) async throws -> Note
    /// Replaces a note only if it is still at `ifRevision`, storing it at `ifRevision + 1`, its
    /// history recording `origin` as where the new revision came from and, for a note that merges
    /// two edits (`ThreeWayMerge`), `mergeAncestor`, the revision both started from. Throws
    /// `.notFound` or `.revisionMismatch` and then writes nothing.
    func replace(_ note: Note, account: AccountID, ifRevision: Int, origin: RevisionOrigin, mergeAncestor: Int?) async throws -> Note
    /// The note as it was at `revision` (the current one included, tombstones too); `nil` if the
    /// history no longer holds that revision or there is no such note. What a merge starts from.
    func revision(_ revision: Int, of id: NoteID, account: AccountID) async throws -> Note?
    /// Every revision kept of the note, newest first, the current one included (tombstones too);
    /// empty if there is no such note. Throws `.corrupt` for a history that cannot be rebuilt.
    func history(of id: NoteID, account: AccountID) async throws -> [NoteRevision]
    /// Deleted notes (their tombstones) ordered by ID, starting after `after`: a page of at most
    /// `limit`, as `notes` pages live ones.
    func deletedNotes(account: AccountID, after: NoteID?, limit: Int) async throws -> NotePage
    /// Drops from every note of every account the oldest revisions `retention` does not keep
    /// (at `now`; never a current one), in one transaction (`HistoryPruningScan` decides); with
    /// `dryRun`, only counts them. `quill-server history prune`.
    func pruneHistory(_ retention: HistoryRetention, now: Date, dryRun: Bool) async throws -> PrunedHistory
    /// Notes written after `cursor`, in write order, each at most once, at most `limit`. A stored
    /// note that cannot be read counts toward the limit, is passed by `next`, and is reported in
    /// the page's `unreadable` rather than failing the page.
    func changes(account: AccountID, after cursor: ChangeCursor, limit: Int) async throws -> AccountChangePage
    /// The cursor after the account's last change (where a reader that wants only what comes
    /// next starts); `.beginning` for an account that has none.
    func latestCursor(account: AccountID) async throws -> ChangeCursor
    /// `note(_:account:)` as the API writes it, if this repository keeps notes in that form;
    /// `nil` (the default) if it does not or if there is no such note, and the caller uses `note`.
    func encodedNote(_ id: NoteID, account: AccountID) async throws -> EncodedNote?
    /// `changes(account:after:limit:)` as the API writes it, if this repository keeps notes in
    /// that form; `nil` (the default) if it does not, and the caller uses `changes`.
    func encodedChanges(account: AccountID, after cursor: ChangeCursor, limit: Int) async throws -> EncodedChangePage?
    /// Applies each change by `PushRule` (a merged one recorded in the history as a merge), all in
    /// one transaction, and keeps `keeping(outcomes)` with `digest`, `now` and the span of the
    /// account's feed the push wrote under `requestID`; unless the account keeps a push under
    /// `requestID` already: then it applies nothing and returns that one (`.kept`). First forgets
    /// the account's pushes kept before `forgettingBefore`, so the kept pushes do not grow without
    /// bound. A repository keeps what it is given; which push is answered again, for how long and
    /// in what form is `PushReplay`'s (ServerFeature).
    func push(_ changes: [PushedChange], requestID: PushRequestID, digest: PushDigest, account: AccountID, at now: Date,
              forgettingBefore: Date, keeping: @Sendable ([PushOutcome]) -> String) async throws -> PushStoring
}

extension ServerNoteRepository {
    /// `replace` of a write that merges nothing.
    public func replace(_ note: Note, account: AccountID, ifRevision: Int, origin: RevisionOrigin) async throws -> Note {
        try await replace(note, account: account, ifRevision: ifRevision, origin: origin, mergeAncestor: nil)
    }

    /// Live notes ordered by ID, whatever their tags.
    public func notes(account: AccountID, after: NoteID?, limit: Int) async throws -> NotePage {
        try await notes(account: account, tagged: nil, after: after, limit: limit)
    }

    /// Replaces a live note with its tombstone, only if it is still at `ifRevision`. A note that
    /// is already a tombstone counts as absent (`.notFound`): there is nothing left to delete.
    public func delete(_ id: NoteID, account: AccountID, ifRevision: Int, at date: Date, origin: RevisionOrigin) async throws -> Note {
        guard let current = try await note(id, account: account), !current.isDeleted else { throw ServerStoreError.notFound(id) }
        guard current.revision == ifRevision else { throw ServerStoreError.revisionMismatch(id, current: current.revision) }
        return try await replace(current.deleted(at: date), account: account, ifRevision: ifRevision, origin: origin)
    }
}
