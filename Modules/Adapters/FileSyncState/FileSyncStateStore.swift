import Foundation
import QuillModels
import SyncInterface

/// Keeps the sync state in `state.json` next to the notes it describes, replaced atomically.
///
/// The state belongs to a note store, not to the user: a cursor saved for one `quill` home
/// must never be used with another, so it lives in the data directory.
public struct FileSyncStateStore: SyncStateStoring {
    private struct FileShape: Codable {
        var cursor: SyncCursor?
        /// Milliseconds since 1970: exact, unlike a formatted date.
        var lastSuccessfulSyncMilliseconds: Int64?
        var inFlightPushID: String?
    }

    public let path: String

    public init(directory: String) { path = directory + "/state.json" }

    public func load() async throws -> SyncState {
        guard let data = try DurableFile.read(path) else { return SyncState() }
        guard let shape = try? JSONDecoder().decode(FileShape.self, from: data) else {
            throw DurableFile.Failure(path: path, reason: "unreadable sync state; remove it to sync from the beginning")
        }
        return SyncState(cursor: shape.cursor, lastSuccessfulSync: shape.lastSuccessfulSyncMilliseconds.map(Date.init(millisecondsSince1970:)),
                         inFlightPushID: shape.inFlightPushID)
    }

    public func save(_ state: SyncState) async throws {
        let shape = FileShape(cursor: state.cursor, lastSuccessfulSyncMilliseconds: state.lastSuccessfulSync?.millisecondsSince1970,
                              inFlightPushID: state.inFlightPushID)
        try DurableFile.replace(path, with: try NoteJSON.encoder.encode(shape), mode: 0o600)
    }

    public func reset() async throws { try DurableFile.remove(path) }
}
