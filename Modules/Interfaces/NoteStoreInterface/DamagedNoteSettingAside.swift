import QuillModels

/// Takes out of the store a note whose stored form cannot be read (`NoteStoreError.corrupt`),
/// keeping its bytes elsewhere, so that a version from elsewhere (the sync server's) can take its
/// place.
///
/// Exists because a damaged note file (a disk fault, a hand edit) otherwise stops every command
/// that reads it, a sync's pull included, for good: setting it aside is the one way past it that
/// loses nothing. Only a note that cannot be read is set aside; a readable one is left alone.
public protocol DamagedNoteSettingAside: Sendable {
    /// Moves the damaged note `id` (and its history) out of the store, forgetting it and its
    /// pending mark, and answers where its bytes are kept now; `nil`, changing nothing, when the
    /// note is readable or absent.
    func setAsideDamaged(_ id: NoteID) async throws -> String?
}
