import QuillModels

/// Reads the revisions a store keeps of each note: what `quill history`, `show --revision`,
/// `diff` and `restore` read.
///
/// Exists apart from `NoteReading` because only those commands need it; every store keeps the
/// revisions a write replaces (see docs/history.md), in the same all-or-nothing step as the write.
public protocol NoteHistoryReading: Sendable {
    /// Every revision of the note this store holds, newest first, the current one included;
    /// empty if there is no such note. Throws `NoteStoreError.corrupt` for a history it cannot read.
    func history(of id: NoteID) async throws -> [NoteRevision]
    /// The notes an import added (a bulk creation whose origin is `.imported(importID)`), in the
    /// order added; `nil` if no import had that ID.
    func importedNotes(_ importID: String) async throws -> [NoteID]?
}
