import Foundation
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
    func importedNotes(_ importID: String) async throws -> [ImportedNote]?
}

/// A note an import added, and how to tell whether it is still as the import wrote it.
public struct ImportedNote: Hashable, Sendable {
    public let id: NoteID
    /// The time of the revision the import wrote, for a note that came with its history (whose
    /// number a push renumbers); `nil` for a note the import created at revision 1.
    public let updated: Date?

    public init(id: NoteID, updated: Date? = nil) {
        self.id = id
        self.updated = updated
    }

    /// Whether `note` (this note now) is still the revision the import wrote.
    public func isUnchanged(_ note: Note) -> Bool {
        guard let updated else { return note.revision == 1 }
        return note.updated == updated
    }
}
