import NoteStoreInterface
import QuillModels

/// What to do locally with versions of notes that came from the server.
///
/// Pure: given the local notes, which of them are pending, their base revisions and the
/// server's versions, it decides the writes. The rule (docs/sync.md):
/// - a note with no local change takes the server's version (unless that version is older);
/// - a pending note whose server version is the one it derives from stays as it is;
/// - same content on both sides: the server's version is adopted and the local mark cleared;
/// - local delete vs. server edit: the edit wins; local edit vs. server delete: the edit wins;
/// - both edited: the local note stays (and will overwrite the server's on the next push)
///   and the server's version is kept as a new note titled "… (conflict from server DATE)";
/// - the server merged a pushed edit with another (`ThreeWayMerge`): the merge replaces the local
///   note if it is still the one pushed; from a server that merges, a pulled version that meets a
///   local edit is left to the push, which merges them or answers a conflict.
///
/// A note never goes back to a revision number it has passed (docs/history.md, "Revision
/// numbers"): a server version that wins over local revisions numbered as high or higher is
/// stored as the next local revision and stays pending, so the push gives the server that number.
struct Reconciliation {
    /// A version from the server and how it arrived.
    struct Incoming {
        var note: Note
        /// True for the answer to our own push: its content came from this client.
        var isOwnPush: Bool
        /// For an answer the server merged with another edit: the note as this client sent it.
        var mergedOver: Note? = nil
        /// A pulled version from a server that merges: a local edit it meets is left to the push,
        /// where the server merges the two or answers a conflict (then a copy is made).
        var leavesEditsToThePush = false
    }

    /// Conflict copies to create as local (pending) notes, so they reach the server.
    var copies: [Note] = []
    /// Server versions to store without marking them pending.
    var remoteWrites: [NoteWrite] = []
    /// Server versions to store as the next local revision, pending (`WriteOrigin.remoteAhead`).
    var writesAhead: [NoteWrite] = []
    /// Pending marks to clear: the server now holds exactly the local version.
    var acknowledgements: [NoteID: Int] = [:]
    /// Server revisions the local notes now derive from.
    var bases: [NoteID: Int] = [:]
    /// Server changes that change the local store.
    var changed = 0
    var conflicts = 0

    /// `taken` are IDs a conflict copy must not be created under (they exist or arrive now).
    init(incoming: [Incoming], local: [NoteID: Note], pending: Set<NoteID>, bases knownBases: [NoteID: Int],
         taken: Set<NoteID>) throws {
        var plannedCopies = taken
        for item in incoming {
            let server = item.note
            let id = server.id
            if let sent = item.mergedOver {
                // The merge holds the sent edit and another: it replaces the local note if that is
                // still what was sent. A note edited since takes the other edit too, merged here
                // (the sent note is the ancestor of both), and stays pending; if that merge fails,
                // it stays as it is on its old base (not moved), so its next push merges again
                // instead of overwriting the other edit.
                guard let mine = local[id] else { continue }
                if mine == sent {
                    bases[id] = max(server.revision, bases[id] ?? 0)
                    adopt(server, over: mine)
                    changed += 1
                } else if let merged = ThreeWayMerge.merge(ancestor: sent, ours: mine, theirs: server) {
                    bases[id] = max(server.revision, bases[id] ?? 0)
                    writesAhead.append(.update(try merged.withRevision(max(mine.revision, server.revision) + 1),
                                               expectedRevision: mine.revision))
                    changed += 1
                }
                continue
            }
            bases[id] = max(server.revision, bases[id] ?? 0)
            guard let mine = local[id] else {
                remoteWrites.append(.create(server))
                changed += 1
                continue
            }
            guard pending.contains(id) else {
                if mine != server && server.revision >= mine.revision {
                    remoteWrites.append(.update(server, expectedRevision: mine.revision))
                    changed += 1
                }
                continue
            }
            if mine.hasSameContent(as: server) || (mine.isDeleted && server.isDeleted) {
                // Nothing to choose between: both say the same (or both deleted). Another
                // device's version under a lower number stays pending here, to keep this number.
                if item.isOwnPush || server.revision >= mine.revision { adopt(server, over: mine) }
            } else if item.isOwnPush {
                continue // edited again since it was pushed: stays pending on the new base
            } else if let base = knownBases[id], server.revision <= base {
                continue // the server has not moved since the local edit started
            } else if mine.isDeleted {
                // Local delete vs. server edit: the edit wins.
                if server.revision > mine.revision {
                    adopt(server, over: mine)
                } else {
                    writesAhead.append(.update(try server.withRevision(mine.revision + 1), expectedRevision: mine.revision))
                }
                changed += 1
                conflicts += 1
            } else if server.isDeleted {
                conflicts += 1 // local edit vs. server delete: the edit wins on the next push
            } else if item.leavesEditsToThePush {
                // Both edited: the push decides, from the base the edit started from (not moved).
                bases.removeValue(forKey: id)
            } else {
                let copy = try ConflictCopy.of(server)
                if plannedCopies.insert(copy.id).inserted { copies.append(copy) }
                changed += 1
                conflicts += 1
            }
        }
    }

    private mutating func adopt(_ server: Note, over mine: Note) {
        if mine != server { remoteWrites.append(.update(server, expectedRevision: mine.revision)) }
        acknowledgements[server.id] = server.revision
    }
}
