import Foundation
import QuillModels

/// Removes what a person asked to lose for good: deleted notes with their history (`quill trash
/// empty`), and the oldest revisions of notes (`quill history prune`).
///
/// Exists apart from `NoteWriting` because these are the only operations that lose revisions, on
/// purpose: only tombstones can be purged, and pruning never drops a current revision.
public protocol NotePurging: Sendable {
    /// Removes each note, its history and its pending mark. Throws `NoteStoreError.notFound` for
    /// an ID the store does not hold and `.notDeleted` for a live note, and then removes nothing.
    func purge(_ ids: [NoteID]) async throws
    /// Drops from every note's history the oldest revisions `retention` does not keep (at `now`),
    /// each note's history all or nothing; with `dryRun`, only counts them.
    func pruneHistory(_ retention: HistoryRetention, now: Date, dryRun: Bool) async throws -> PrunedHistory
}
