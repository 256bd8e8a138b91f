import NoteStoreInterface
import QuillModels
import SyncStateInterface
import SyncTransportInterface

/// Sets aside a note of this home whose stored form cannot be read (`DamagedNoteSettingAside`),
/// and puts the server's newest revision of it in its place when there is a server that has one.
///
/// Exists because a damaged note file (a disk fault, a hand edit) otherwise stops for good every
/// sync whose page or push holds the note, and every command that reads it; setting it aside
/// keeps its bytes, and drops its pending mark, as what it held cannot be read anyway. One rule
/// for the sync, which meets such a note as it goes, and for `quill repair`, which looks for them.
struct DamagedNoteRecovery: Sendable {
    let store: any SyncEngine.SyncedNoteStore
    /// The server's newest revision of a note (`nil`: it has none); `nil` without a server.
    let serverCopy: (@Sendable (NoteID) async throws -> Note?)?
    let baseRevisions: any BaseRevisionStoring

    /// The server's newest revision of a note, from its history.
    static func newestRevision(of id: NoteID, from transport: any SyncTransport) async throws -> Note? {
        try await transport.history(of: id).max { $0.note.revision < $1.note.revision }?.note
    }

    /// The notes with these IDs that exist, after setting aside those that cannot be read (one
    /// read for all of them when none is damaged, as nearly always).
    func readableNotes(_ ids: [NoteID]) async throws -> (notes: [NoteID: Note], damaged: [DamagedNote]) {
        do {
            return (try await store.notes(ids: ids), [])
        } catch let error as NoteStoreError {
            guard case .corrupt = error else { throw error }
            var damaged: [DamagedNote] = []
            for id in ids {
                if let note = try await recoverIfDamaged(id) { damaged.append(note) }
            }
            return (try await store.notes(ids: ids), damaged)
        }
    }

    /// What became of the note: `nil` when it is readable (or absent), and nothing was done.
    private func recoverIfDamaged(_ id: NoteID) async throws -> DamagedNote? {
        do {
            _ = try await store.note(id: id)
            return nil
        } catch let error as NoteStoreError {
            guard case .corrupt = error else { throw error }
        }
        // The server's copy is asked for first: a network that fails leaves the note as it was.
        let copy = try await serverCopy?(id)
        guard let keptAt = try await store.setAsideDamaged(id) else { return nil }
        if let copy {
            try await store.apply([.create(copy)], origin: .remote)
            try await baseRevisions.record([id: copy.revision])
        }
        return DamagedNote(id: id, keptAt: keptAt, restoredRevision: copy?.revision, serverAsked: serverCopy != nil)
    }
}

/// A note of this home found damaged (its stored form could not be read) and set aside: where its
/// file is kept now, and the server's revision that took its place (`nil`: the server has none,
/// or none was asked, and the note is no longer in this home).
public struct DamagedNote: Hashable, Sendable {
    public let id: NoteID
    public let keptAt: String
    public let restoredRevision: Int?
    /// Whether a server was asked for its copy (`quill repair` without a login asks none).
    public let serverAsked: Bool
}
