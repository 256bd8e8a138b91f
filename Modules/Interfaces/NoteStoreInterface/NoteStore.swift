/// Keeps notes: every role at once, as a store (file, memory) implements them.
///
/// The store is deliberately dumb: it persists what it is given and guards against lost
/// updates (`expectedRevision`), while the rules for *what* to write (timestamps,
/// revisions, tombstones) live in the features. Deleting is an update to a tombstone.
///
/// It also remembers which notes were written locally and not yet acknowledged by a sync
/// server, in the same all-or-nothing step as the write itself, so that no local edit can
/// be written without being marked pending (or the reverse), whatever crashes.
///
/// Features do not ask for all of it: each names the roles it uses (`NoteReading`,
/// `NoteHistoryReading`, `NoteSearching`, `NoteWriting`, `NoteBulkCreating`, `NotePurging`,
/// `PendingChangeTracking`, `DamagedNoteSettingAside`); the
/// composition roots hand them the one store that has them all.
public protocol NoteStore: NoteReading, NoteHistoryReading, NoteSearching, NoteWriting, NoteBulkCreating, NotePurging,
    PendingChangeTracking, DamagedNoteSettingAside {}
