import Foundation
import QuillModels
import SyncStateInterface
import SyncTransportInterface

/// Keeps the sync state in `state.json` next to the notes it describes, replaced atomically.
///
/// The state belongs to a note store, not to the user: a cursor saved for one `quill` home
/// must never be used with another, so it lives in the data directory.
public struct FileSyncStateStore: SyncStateStoring {
    private struct FileShape: Codable {
        var cursor: SyncCursor?
        /// Milliseconds since 1970: exact, unlike a formatted date.
        var lastSuccessfulSyncMilliseconds: Int64?
        /// The in-flight push, notes in their versioned JSON form. (Files written by older
        /// versions may hold an `inFlightPushID` without its changes; it is ignored: see docs/sync.md.)
        var inFlightPush: Push?
    }

    private struct Push: Codable {
        struct Change: Codable {
            var note: NoteDocument
            var baseRevision: Int?
        }

        var requestID: String
        var changes: [Change]
    }

    public let path: String

    public init(directory: String) { path = directory + "/state.json" }

    public func load() async throws -> SyncState {
        guard let data = try DurableFile.read(path) else { return SyncState() }
        let unreadable = DurableFile.Failure(path: path, reason: "unreadable sync state; remove it to sync from the beginning")
        guard let shape = try? JSONDecoder().decode(FileShape.self, from: data) else { throw unreadable }
        var push: PushRequest?
        if let stored = shape.inFlightPush {
            do {
                push = PushRequest(requestID: stored.requestID, changes: try stored.changes.map {
                    OutgoingChange(note: try $0.note.note(), baseRevision: $0.baseRevision)
                })
            } catch {
                throw unreadable
            }
        }
        return SyncState(cursor: shape.cursor, lastSuccessfulSync: shape.lastSuccessfulSyncMilliseconds.map(Date.init(millisecondsSince1970:)),
                         inFlightPush: push)
    }

    public func save(_ state: SyncState) async throws {
        let push = state.inFlightPush.map { request in
            Push(requestID: request.requestID,
                 changes: request.changes.map { Push.Change(note: NoteDocument($0.note), baseRevision: $0.baseRevision) })
        }
        let shape = FileShape(cursor: state.cursor, lastSuccessfulSyncMilliseconds: state.lastSuccessfulSync?.millisecondsSince1970,
                              inFlightPush: push)
        try DurableFile.replace(path, with: try NoteJSON.encoder.encode(shape))
    }

    public func reset() async throws { try DurableFile.remove(path) }
}
