import Foundation
import QuillAPI
import QuillModels
import SyncStateInterface
import SyncTransportInterface

/// Keeps the sync state in `state.json` next to the notes it describes, replaced atomically.
///
/// The state belongs to a note store, not to the user: a cursor saved for one `quill` home
/// must never be used with another, so it lives in the data directory.
public struct FileSyncStateStore: SyncStateStoring {
    private struct FileShape: Codable {
        /// Hashes, absent from files written before attachments.
        var attachmentsToFetch: [String]?
        var attachmentsToSend: [String]?
        var cursor: SyncCursor?
        /// Milliseconds since 1970: exact, unlike a formatted date.
        var lastSuccessfulSyncMilliseconds: Int64?
        /// The in-flight pushes as the API's bodies, oldest first, notes in their versioned JSON form.
        var inFlightPushes: [PushRequestBody]?
        /// The one in-flight push of files written before two could be in flight. (Older files may
        /// hold an `inFlightPushID` without its changes; it is ignored: see docs/sync.md.)
        var inFlightPush: PushRequestBody?
        /// The server's largest attachment at the last sync; absent from files written before it was kept.
        var serverMaxAttachmentBytes: Int64?
    }

    public let path: String

    public init(directory: String) { path = directory + "/state.json" }

    public func load() async throws -> SyncState {
        guard let data = try DurableFile.read(path) else { return SyncState() }
        let unreadable = DurableFile.Failure(path: path, reason: "unreadable sync state; remove it to sync from the beginning")
        guard let shape = try? JSONDecoder().decode(FileShape.self, from: data) else { throw unreadable }
        let pushes: [PushRequest]
        do {
            pushes = try ((shape.inFlightPush.map { [$0] } ?? []) + (shape.inFlightPushes ?? [])).map { stored in
                PushRequest(requestID: stored.requestID, changes: try stored.changes.map {
                    OutgoingChange(note: try $0.note.note(), baseRevision: $0.baseRevision)
                }, since: stored.since.map(SyncCursor.init), asksAppliedByRevision: stored.appliedAs == .revision,
                   asksMerge: stored.merge == true)
            }
        } catch {
            throw unreadable
        }
        let toSend = try (shape.attachmentsToSend ?? []).map { (text) throws -> AttachmentHash in
            guard let hash = AttachmentHash(text) else { throw unreadable }
            return hash
        }
        let toFetch = try (shape.attachmentsToFetch ?? []).map { (text) throws -> AttachmentHash in
            guard let hash = AttachmentHash(text) else { throw unreadable }
            return hash
        }
        return SyncState(cursor: shape.cursor, lastSuccessfulSync: shape.lastSuccessfulSyncMilliseconds.map(Date.init(millisecondsSince1970:)),
                         inFlightPushes: pushes, attachmentsToSend: toSend, attachmentsToFetch: toFetch,
                         serverMaximumAttachmentBytes: shape.serverMaxAttachmentBytes)
    }

    /// Written by hand (a push of 1,000 notes is saved before it is sent): the bytes `NoteJSON.encoder`
    /// would write for the file's shape.
    public func save(_ state: SyncState) async throws {
        var fields: [[UInt8]] = []
        for (key, hashes) in [("attachmentsToFetch", state.attachmentsToFetch), ("attachmentsToSend", state.attachmentsToSend)] where !hashes.isEmpty {
            fields.append(Array("\"\(key)\":[".utf8) + Array(hashes.map { "\"\($0.hex)\"" }.joined(separator: ",").utf8) + [UInt8(ascii: "]")])
        }
        if let cursor = state.cursor {
            var field = Array(#""cursor":"#.utf8)
            JSONText.appendString(cursor.rawValue, to: &field)
            fields.append(field)
        }
        if !state.inFlightPushes.isEmpty {
            var field = Array(#""inFlightPushes":["#.utf8)
            field.reserveCapacity(state.inFlightPushes.reduce(field.count + 2) { $0 + $1.bodyJSON.count + 1 })
            for (index, request) in state.inFlightPushes.enumerated() {
                if index > 0 { field.append(UInt8(ascii: ",")) }
                field.append(contentsOf: request.bodyJSON)
            }
            field.append(UInt8(ascii: "]"))
            fields.append(field)
        }
        if let milliseconds = state.lastSuccessfulSync?.millisecondsSince1970 {
            fields.append(Array(#""lastSuccessfulSyncMilliseconds":\#(milliseconds)"#.utf8))
        }
        if let limit = state.serverMaximumAttachmentBytes {
            fields.append(Array(#""serverMaxAttachmentBytes":\#(limit)"#.utf8))
        }
        let bytes = [UInt8(ascii: "{")] + Array(fields.joined(separator: [UInt8(ascii: ",")])) + [UInt8(ascii: "}")]
        try DurableFile.replace(path, with: Data(bytes))
    }

    public func reset() async throws { try DurableFile.remove(path) }
}
