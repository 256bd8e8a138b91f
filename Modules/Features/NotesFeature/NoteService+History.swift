import Foundation
import NoteStoreInterface
import QuillModels

/// The history side of keeping notes (docs/history.md): reading earlier revisions, restoring
/// one, and the trash, which is the notes whose current revision is a deletion.
extension NoteService {
    /// Every revision of the note, newest first; deleted notes included.
    public func history(_ reference: String) async throws -> [NoteRevision] {
        let id = try await resolve(reference, includingDeleted: true)
        let revisions = try await store.history(of: id)
        guard !revisions.isEmpty else { throw NoteServiceError.notFound(reference) }
        return revisions
    }

    /// Makes the note what it was at revision `number` (`nil`: a deleted note back as it was
    /// deleted), as a new revision that syncs like an edit. Returns the note as it now is, and
    /// whether the restore wrote anything (not when the note already says the same).
    public func restore(_ reference: String, revision number: Int?) async throws -> (note: Note, changed: Bool) {
        let revisions = try await history(reference)
        let current = revisions[0].note
        let source: NoteRevision
        if let number {
            guard let found = revisions.first(where: { $0.number == number }) else {
                throw NoteServiceError.noSuchRevision(reference, revision: String(number))
            }
            source = found
        } else {
            guard current.isDeleted else { throw NoteServiceError.notDeleted(reference) }
            source = revisions.first(where: { !$0.note.isDeleted }) ?? revisions[0]
        }
        let restored = try current.revised(title: source.note.title, body: source.note.body, tags: source.note.tags, at: clock.now())
        guard !restored.hasSameContent(as: current) else { return (current, false) }
        try await store.update(restored, expectedRevision: current.revision, origin: .restore(source.number))
        return (restored, true)
    }

    /// Drops from every note's history the oldest revisions `retention` does not keep, now.
    public func pruneHistory(_ retention: HistoryRetention, dryRun: Bool) async throws -> PrunedHistory {
        try await store.pruneHistory(retention, now: clock.now(), dryRun: dryRun)
    }

    /// Deleted notes, most recently deleted first, each with its deleting revision.
    public func trash() async throws -> [NoteRevision] {
        let deleted = try await store.list(.trash).notes
        var revisions: [NoteRevision] = []
        for summary in deleted {
            if let latest = try await store.history(of: summary.id).first { revisions.append(latest) }
        }
        return revisions
    }

    /// Removes deleted notes for good, with their history: those deleted before `cutoff` (all if
    /// `nil`), except those `keep` says to (a deletion not yet sent to the server). Returns the
    /// notes removed and those kept.
    public func emptyTrash(deletedBefore cutoff: Date?, keep: (NoteID) -> Bool) async throws -> (removed: [NoteRevision], kept: [NoteRevision]) {
        let deleted = try await trash().filter { revision in cutoff.map { revision.note.updated < $0 } ?? true }
        let kept = deleted.filter { keep($0.note.id) }
        let removed = deleted.filter { !keep($0.note.id) }
        try await store.purge(removed.map(\.note.id))
        return (removed, kept)
    }

    /// Takes back what the import `importID` added: each note still as the import wrote it is
    /// deleted (into the trash, as one batch of revisions that sync); a note changed since is
    /// kept. Returns both; throws `.noSuchImport` for an unknown ID.
    public func undoImport(_ importID: String) async throws -> (deleted: [Note], kept: [Note]) {
        guard let imported = try await store.importedNotes(importID) else { throw NoteServiceError.noSuchImport(importID) }
        let notes = try await store.notes(ids: imported.map(\.id))
        let now = clock.now()
        var tombstones: [NoteWrite] = [], kept: [Note] = []
        for added in imported {
            guard let note = notes[added.id], !note.isDeleted else { continue }
            if added.isUnchanged(note) {
                tombstones.append(.update(note.deleted(at: now), expectedRevision: note.revision))
            } else {
                kept.append(note)
            }
        }
        try await store.apply(tombstones, origin: .local)
        return (tombstones.map(\.note), kept)
    }
}
