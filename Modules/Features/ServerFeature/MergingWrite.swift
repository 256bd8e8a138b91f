import QuillModels
import ServerStoreInterface

/// A write over a note made from the revision its writer read: stored as it is when that is still
/// the current revision, merged with the current one (`ThreeWayMerge`) when the writer read an
/// older revision and the two edits change different lines, refused (`.revisionMismatch`, 412 or
/// the web reader's conflict page) when they overlap or the history no longer holds what was read.
///
/// The one path of every door that writes over a note it read: the API's `PUT` and `PATCH` with
/// `If-Match`, and the web reader's edit form. (A push merges inside the store's transaction,
/// by `PushRule`.)
public struct MergingWrite: Sendable {
    /// What was stored, and, for a merge, the revision both edits started from.
    public struct Written: Sendable {
        public let note: Note
        public let mergeAncestor: Int?
    }

    let repository: any ServerNoteRepository

    public init(repository: any ServerNoteRepository) {
        self.repository = repository
    }

    /// Stores `ours` (the writer's note, made from revision `read`) over `current`, the note as
    /// it is now; the store writes only over `current`'s revision, so a write landing meanwhile
    /// is refused the same way.
    public func replace(_ ours: Note, read: Int, over current: Note, account: AccountID, origin: RevisionOrigin) async throws -> Written {
        if read == current.revision {
            return Written(note: try await repository.replace(ours, account: account, ifRevision: current.revision, origin: origin),
                           mergeAncestor: nil)
        }
        guard read < current.revision, let ancestor = try await repository.revision(read, of: current.id, account: account),
              let merged = ThreeWayMerge.merge(ancestor: ancestor, ours: ours, theirs: current) else {
            throw ServerStoreError.revisionMismatch(current.id, current: current.revision)
        }
        // An edit the current version already holds: nothing to write.
        guard !merged.hasSameContent(as: current) else { return Written(note: current, mergeAncestor: nil) }
        let stored = try await repository.replace(merged, account: account, ifRevision: current.revision, origin: origin, mergeAncestor: read)
        return Written(note: stored, mergeAncestor: read)
    }
}
