import QuillModels

/// Remembers, per note, the server revision the local copy derives from.
///
/// Exists because a local note's own revision counts local edits too: to push a change,
/// the engine must tell the server which of *its* revisions the edit started from, and
/// a conflict is only a conflict if the server moved past that revision.
public protocol BaseRevisionStoring: Sendable {
    /// The known server revisions of these notes; notes the server never had are absent.
    func baseRevisions(of ids: [NoteID]) async throws -> [NoteID: Int]
    /// Records server revisions durably (later records win).
    func record(_ revisions: [NoteID: Int]) async throws
    /// Forgets everything (used by `quill logout`).
    func reset() async throws
}
